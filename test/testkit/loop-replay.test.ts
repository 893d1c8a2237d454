import { afterEach, describe, expect, it } from 'vitest';
import { assertLoopEnd, createWorkspace, replayStopLoop, type Workspace } from '../../testkit/index.js';
import { fixture, SPECUM_HOOK, thrownMessage } from './helpers.js';

let ws: Workspace;
afterEach(() => ws?.remove());

const specum = SPECUM_HOOK;
const advance = { reply: 'Task done. TASK_COMPLETE', tools: [{ name: 'Task', input: { subagent_type: 'spec-executor' } }], actions: ['advance-task' as const] };

describe('replayStopLoop', () => {
  it('as Claude Code: every continuation sets stop_hook_active, and the specum default (progress) still walks all tasks', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3, globalIteration: 1 });
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [advance] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(result.history.map((it) => it.input.stop_hook_active)).toEqual([false, true, true, true]);
    expect(result.history.map((it) => it.reason?.split('\n')[0])).toEqual([
      'Continue spec: test-spec (Task 1/3, Iter 1)',
      'Continue spec: test-spec (Task 2/3, Iter 2)',
      'Continue spec: test-spec (Task 3/3, Iter 3)',
      undefined,
    ]);
    expect(ws.readState()).toMatchObject({ taskIndex: 3 });
  });

  it('as Claude Code: a continuation that makes no progress lets the next stop through', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3, globalIteration: 1 });
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [{ reply: 'Still reading.', tools: [{ name: 'Read' }] }] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    expect(result.history.map((it) => it.input.stop_hook_active)).toEqual([false, true]);
    expect(ws.readState()).toMatchObject({ taskIndex: 0 });
  });

  it('with natural stops every time, the loop walks all tasks and ends when they are done', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3, globalIteration: 1 });
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [advance], stopHookActive: 'never' });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(result.history.map((it) => it.reason?.split('\n')[0])).toEqual([
      'Continue spec: test-spec (Task 1/3, Iter 1)',
      'Continue spec: test-spec (Task 2/3, Iter 2)',
      'Continue spec: test-spec (Task 3/3, Iter 3)',
      undefined,
    ]);
  });

  it('writes the blocks and replies into a real transcript and passes last_assistant_message', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 5 });
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [advance, { reply: 'All verified.', actions: ['complete'] }], stopHookActive: 'never' });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 3 });
    expect(result.history[2]!.input.last_assistant_message).toBe('All verified.\nALL_TASKS_COMPLETE');
    const lines = ws.read('transcript.jsonl').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.isMeta).map((l) => l.message.content.split('\n')[0])).toEqual(['Stop hook feedback:', 'Stop hook feedback:']);
    expect(result.transcript.lastAssistantText()).toBe('All verified.\nALL_TASKS_COMPLETE');
  });

  it('ends when the agent deletes the state file', async () => {
    ws = createWorkspace();
    ws.writeState();
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [{ reply: 'Cancelled.', actions: ['delete-state'] }], stopHookActive: 'never' });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 2 });
    expect(ws.exists('specs/test-spec/.ralph-state.json')).toBe(false);
  });

  it('trips the 8-block cap when continuations run no tool: 8 blocks are honoured, the 9th ends the loop', async () => {
    ws = createWorkspace();
    const result = await replayStopLoop({ hook: fixture('block.sh'), workspace: ws, agent: [{ reply: 'Still thinking.' }] });
    assertLoopEnd(result, { endedBy: 'block-cap', iterations: 9, blocks: 9 });
  });

  it('a continuation that runs a tool resets the cap, so the loop runs to max iterations', async () => {
    ws = createWorkspace();
    const result = await replayStopLoop({ hook: fixture('block.sh'), workspace: ws, agent: [{ reply: 'Ran tests.', tools: [{ name: 'Bash' }] }], maxIterations: 12 });
    assertLoopEnd(result, { endedBy: 'max-iterations', iterations: 12, blocks: 12 });
    expect(Math.max(...result.history.map((it) => it.consecutiveBlocks))).toBe(1);
  });

  it('honours a custom cap, a scripted function agent, and 0 = no cap', async () => {
    ws = createWorkspace();
    const capped = await replayStopLoop({ hook: fixture('block.sh'), workspace: ws, agent: () => ({ reply: 'no tools' }), blockCap: 3 });
    assertLoopEnd(capped, { endedBy: 'block-cap', iterations: 4 });
    const uncapped = await replayStopLoop({ hook: fixture('block.sh'), workspace: ws, agent: () => ({}), blockCap: 0, maxIterations: 10 });
    assertLoopEnd(uncapped, { endedBy: 'max-iterations', iterations: 10 });
  });

  it('assertLoopEnd fails with the loop history', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 2 });
    const result = await replayStopLoop({ hook: specum, workspace: ws, agent: [advance] });
    expect(thrownMessage(() => assertLoopEnd(result, { endedBy: 'block-cap', iterations: 8 }))).toBe(
      [
        '-- stop loop did not end as expected --',
        'expected (1 lines):',
        '  endedBy=block-cap, iterations=8',
        'actual (1 lines):',
        '  endedBy=stopped, iterations=3, blocks=2',
        'history (3 lines):',
        '  #1 stop_hook_active=false → block (1 in a row): Continue spec: test-spec (Task 1/2, Iter 1)',
        '  #2 stop_hook_active=true → block (1 in a row): Continue spec: test-spec (Task 2/2, Iter 2)',
        '  #3 stop_hook_active=true → stop (exit 0)',
        '--',
      ].join('\n'),
    );
  });
});
