/**
 * The generated specum stop-watcher through the TypeScript testkit: single stops, the
 * last_assistant_message path, and whole loops replayed the way Claude Code runs them.
 * (test/bats/specum-stop-watcher.bats covers every seed and reference test name in bats.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertJsonBlock,
  assertLoopEnd,
  assertReasonContains,
  assertSilent,
  assertSystemMessageContains,
  createWorkspace,
  replayStopLoop,
  runHook,
  stopInput,
  type Workspace,
} from '../../testkit/index.js';
import '../../testkit/vitest.js';
import { generateHook } from '../helpers/generate.js';
import { specOutsideProject } from '../helpers/workspaces.js';
import { existsSync, linkSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runWithUnreadable } from '../helpers/unreadable.js';

const HOOK = generateHook('specum', 'stop-watcher');
const ALLOW_HOOK = generateHook('specum', 'stop-watcher', { onStopHookActive: 'allow' });
const CONTINUING_HOOK = generateHook('specum', 'stop-watcher', { onStopHookActive: 'continue', maxGlobalIterations: 6 });
// A short settle time: a corrupt state file is re-read for stateSettleMs on every stop.
const QUICK_HOOK = generateHook('specum', 'stop-watcher', { stateSettleMs: 100 });
const STALL_HOOK = generateHook('specum', 'stop-watcher', { stallLimit: 3, onStopHookActive: 'continue' });

let ws: Workspace;
afterEach(() => ws?.remove());

const stop = (overrides = {}) => runHook(HOOK, stopInput({ cwd: ws.dir, transcript_path: ws.path('transcript.jsonl'), ...overrides }), { cwd: ws.dir });

describe('specum stop-watcher, one stop at a time', () => {
  it('continues the spec with the seed text and status line', async () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    const result = await stop();
    assertJsonBlock(result);
    assertReasonContains(result, 'Continue spec: test-spec (Task 2/4, Iter 2)');
    assertSystemMessageContains(result, 'Ralph-specum iteration 2 | Task 2/4');
    expect(result).toHaveStderrContaining('[ralph-specum] Session stopped during spec: test-spec | Task: 2/4 | Attempt: 1');
  });

  it('NUL bytes in the input and the state leave no shell warning on stderr', async () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2, phase: 'execution', note: 'a\u0000b' } as never);
    const result = await stop({ transcript_path: 'a\u0000b', session_id: 's\u0000t', last_assistant_message: 'x\u0000y' });
    assertJsonBlock(result);
    expect(result.stderr).not.toContain('null byte');
    expect(result.stderr).toBe('[ralph-specum] Session stopped during spec: test-spec | Task: 2/4 | Attempt: 1\n');
  });

  it('is silent outside execution', async () => {
    ws = createWorkspace();
    ws.writeState({ phase: 'design' });
    assertSilent(await stop());
  });

  it('the signal on its own line of last_assistant_message ends the loop without reading the transcript', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const result = await stop({ last_assistant_message: 'All tasks verified.\nALL_TASKS_COMPLETE', transcript_path: '/nonexistent/transcript.jsonl' });
    expect(result).toBeSilent({ allowStderr: true });
    expect(result.stderr).toBe('[ralph-specum] ALL_TASKS_COMPLETE detected in last assistant message\n');
  });

  it('a last message without the signal wins over an old signal in the transcript', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    ws.transcript().assistant('ALL_TASKS_COMPLETE').write();
    expect(await stop({ last_assistant_message: 'Starting task 2.' })).toBeJsonBlock();
  });

  it('without last_assistant_message (Claude Code before 2.1.47) the transcript is searched', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    ws.transcript().assistant('ALL_TASKS_COMPLETE').write();
    expect(await stop({ last_assistant_message: undefined })).toBeSilent({ allowStderr: true });
  });

  it('a mention of the signal inside a sentence is not completion (line mode)', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    expect(await stop({ last_assistant_message: 'I will output ALL_TASKS_COMPLETE when done.' })).toBeJsonBlock();
  });
  it('the stall count (stallLimit) is a new file each time: a hard link to it is not written through', async () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4 });
    const outside = createWorkspace();
    const victim = outside.write('victim.txt', 'precious\n');
    linkSync(victim, ws.path('specs/test-spec/.ralph-hooks-stall'));
    const result = await runHook(STALL_HOOK, stopInput({ cwd: ws.dir, session_id: 's1', last_assistant_message: 'working' }), { cwd: ws.dir });
    assertJsonBlock(result);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(ws.read('specs/test-spec/.ralph-hooks-stall')).toBe('s1 1 1\n');
    outside.remove();
  });

  for (const [what, file] of [['current-spec marker', 'specs/.current-spec'], ['settings file', '.claude/ralph-specum.local.md'], ['block memory', '.ralph-hooks/state/stop-watcher.last-block']] as const) {
    it(`an unreadable ${what} (mode 000) leaves nothing on stderr`, () => {
      ws = createWorkspace();
      ws.writeState({ taskIndex: 1, totalTasks: 4 });
      if (!ws.exists(file)) ws.write(file, file.endsWith('.md') ? '---\nenabled: true\n---\n' : 'x\n');
      const result = runWithUnreadable({
        file: ws.path(file),
        command: ['bash', HOOK],
        cwd: ws.dir,
        input: JSON.stringify(stopInput({ cwd: ws.dir, session_id: 's1', last_assistant_message: 'working' })),
        open: [ws.dir, dirname(dirname(dirname(HOOK)))],
      });
      expect(result.status).toBe(0);
      expect(result.stderr).not.toContain('Permission denied');
      expect(result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('[ralph-specum] '))).toEqual([]);
    });
  }

  it('a 1 MB cwd costs linear time: silent, far within the bound (bash patterns on it were quadratic: 43 s)', async () => {
    ws = createWorkspace();
    ws.writeState();
    const result = await runHook(HOOK, stopInput({ cwd: `${ws.dir}/${'a'.repeat(1_000_000)}` }), { cwd: ws.dir, timeoutMs: 20_000 });
    expect(result.timedOut).toBe(false);
    assertSilent(result);
  }, 40_000);

  it('64 KB of blanks in the last message costs linear time (checking for an empty input with ${input//[[:space:]]/} took 4 s)', async () => {
    // Just under the size from which the input is read by jq alone. The hook needs some 30 ms;
    // the bound is far above that and below what the quadratic check took on a 2-core machine.
    ws = createWorkspace();
    ws.writeState();
    const input = JSON.stringify(stopInput({ cwd: ws.dir, last_assistant_message: `a${' '.repeat(64_000)}` }));
    expect(input.length).toBeLessThan(65_536);
    const result = await runHook(HOOK, input, { cwd: ws.dir, timeoutMs: 2_000 });
    expect(result.timedOut).toBe(false);
    assertJsonBlock(result);
  });

  it.each(['absolute', 'relative'] as const)('leaves orphans alone in a spec folder outside the project (%s path in .current-spec)', async (form) => {
    ws = createWorkspace();
    const orphan = specOutsideProject(ws, form);
    await stop();
    expect(existsSync(orphan)).toBe(true);
  });
});

describe('specum stop-watcher, loops replayed as Claude Code runs them', () => {
  it('3 tasks complete in 3 blocks (every stop a natural one)', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({
      hook: HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done, state advanced.', tools: [{ name: 'Task' }], actions: ['advance-task'] }],
      stopHookActive: 'never',
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(ws.readState()).toMatchObject({ taskIndex: 3, globalIteration: 4 });
  });

  it("stop_hook_active true: with onStopHookActive 'allow' (the seed) the continuation from a block is not blocked again", async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({
      hook: ALLOW_HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }],
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    expect(loop.history[1].input.stop_hook_active).toBe(true);
    expect(loop.history[1].result.stderr).toContain('stop_hook_active=true, skipping continuation');
  });

  it('default: stop_hook_active on every stop of a continued turn (tool calls included), and each continuation makes progress: 3 tasks run to the end', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({
      hook: HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done.', tools: [{ name: 'Bash' }], actions: ['advance-task'] }],
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(loop.history.slice(1).every((step) => step.input.stop_hook_active === true)).toBe(true);
    expect(ws.readState()).toMatchObject({ taskIndex: 3 });
  });

  it('default: a continuation that makes no progress lets Claude stop, tool calls or not', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({ hook: HOOK, workspace: ws, agent: [{ reply: 'Looking around.', tools: [{ name: 'Bash' }] }] });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    expect(loop.history[1].result.stderr).toContain("stop_hook_active=true and no progress since this hook's last block");
  });

  it('default: the memory is per session; another session gets its own first continuation and erases none', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    expect(await stop({ session_id: 'one' })).toBeJsonBlock();
    expect(await stop({ session_id: 'one', stop_hook_active: true })).toBeSilent({ allowStderr: true });
    expect(await stop({ session_id: 'two', stop_hook_active: true })).toBeSilent({ allowStderr: true });
    expect(await stop({ session_id: 'two' })).toBeJsonBlock();
    expect(ws.read('.ralph-hooks/state/stop-watcher.last-block')).toBe('two\ntask:execution|0|3|1|1|100\none\ntask:execution|0|3|1|1|100\n');
    // Still no progress: each session's own memory lets it stop, whichever blocked last.
    expect(await stop({ session_id: 'one', stop_hook_active: true })).toBeSilent({ allowStderr: true });
    ws.writeState({ totalTasks: 3, taskIndex: 1 });
    expect(await stop({ session_id: 'one', stop_hook_active: true })).toBeJsonBlock();
    expect(await stop({ session_id: 'two', stop_hook_active: true })).toBeJsonBlock();
    expect(ws.read('.ralph-hooks/state/stop-watcher.last-block')).toBe('two\ntask:execution|1|3|1|1|100\none\ntask:execution|1|3|1|1|100\n');
  });

  it('the memory keeps the last 16 sessions, the latest first', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    for (let n = 1; n <= 17; n++) expect(await stop({ session_id: `s${n}` })).toBeJsonBlock();
    const lines = ws.read('.ralph-hooks/state/stop-watcher.last-block').split('\n');
    expect(lines.filter((_, i) => i % 2 === 0).slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, i) => `s${17 - i}`));
    expect(lines).toHaveLength(33);
    // s1 was forgotten: its continued stop is let through once; s2 still remembers its block.
    expect(await stop({ session_id: 's1', stop_hook_active: true })).toBeSilent({ allowStderr: true });
    ws.writeState({ totalTasks: 3, taskIndex: 1 });
    expect(await stop({ session_id: 's2', stop_hook_active: true })).toBeJsonBlock();
  });

  it("onStopHookActive: 'continue' runs all 3 tasks under Claude Code's stop_hook_active", async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({
      hook: CONTINUING_HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }],
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 4, blocks: 3 });
  });

  it('corrupt state: the recovery block fires once per state, so an agent that cannot fix it stops (tool calls between stops or not)', async () => {
    ws = createWorkspace();
    ws.writeCorruptState();
    const loop = await replayStopLoop({ hook: QUICK_HOOK, workspace: ws, agent: [{ reply: 'I cannot fix that.', tools: [{ name: 'Bash' }] }], firstTurn: { reply: 'hm' } });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    expect(loop.history[0].reason).toContain('ERROR: Corrupt state file at ./specs/test-spec/.ralph-state.json');
  });

  it('corrupt state: an agent that follows the recovery text (cancel) ends the loop', async () => {
    ws = createWorkspace();
    ws.writeCorruptState();
    const loop = await replayStopLoop({ hook: QUICK_HOOK, workspace: ws, agent: [{ reply: 'Cancelled the spec.', tools: [{ name: 'Bash' }], actions: ['delete-state'] }] });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 2, blocks: 1 });
  });

  it('max iterations: the loop is told the limit and stops when the agent cancels', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 10, globalIteration: 4 });
    const loop = await replayStopLoop({
      hook: CONTINUING_HOOK,
      workspace: ws,
      agent: ({ reason }) =>
        reason.startsWith('ERROR: Maximum global iterations')
          ? { reply: 'Limit reached; cancelling.', tools: [{ name: 'Bash' }], actions: ['delete-state'] }
          : { reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] },
    });
    assertLoopEnd(loop, { endedBy: 'stopped', blocks: 3 });
    expect(loop.history[2].reason).toMatch(/^ERROR: Maximum global iterations \(6\) reached\./);
    expect(loop.history[2].result.json).toMatchObject({ systemMessage: 'Ralph-specum: max iterations (6) reached' });
  });

  it('max iterations with the default onMaxIterations block: told once, then Claude may stop (tool calls between stops or not)', async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 10, globalIteration: 100 });
    const loop = await replayStopLoop({ hook: HOOK, workspace: ws, agent: [{ reply: 'Reading the progress file.', tools: [{ name: 'Bash' }] }] });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    expect(loop.history[0].reason).toMatch(/^ERROR: Maximum global iterations \(100\) reached\./);
  });

  it("the agent's completion signal ends the loop", async () => {
    ws = createWorkspace();
    ws.writeState({ totalTasks: 5 });
    const loop = await replayStopLoop({
      hook: CONTINUING_HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }, { reply: 'Done.', tools: [{ name: 'Task' }], actions: ['complete'] }],
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 3, blocks: 2 });
  });
});
