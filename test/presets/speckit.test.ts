/**
 * The speckit preset (seed 001): every row of its logic flow and error table, through the
 * testkit, with the .specify layout, [ralph-speckit] prefix and "feature" wording.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertJsonBlock,
  assertLoopEnd,
  assertReasonContains,
  assertSilent,
  assertStderrContains,
  assertSystemMessageContains,
  createHookInput,
  replayStopLoop,
  runHook,
  type Workspace,
} from '../../testkit/index.js';
import { generateHook } from '../helpers/generate.js';
import { specOutsideProject, workspacePool } from '../helpers/workspaces.js';

const hook = generateHook('speckit', 'stop-watcher', { stateSettleMs: 300 });
const ALLOW_HOOK = generateHook('speckit', 'stop-watcher', { onStopHookActive: 'allow' });
const SETTLING_HOOK = generateHook('speckit', 'stop-watcher', { stateSettleMs: 10000 });
const workspace = workspacePool({ layout: 'speckit' });
const specumWorkspace = workspacePool({ layout: 'specum' });
const stop = (ws: Workspace, fields: Record<string, unknown> = {}) => runHook(hook, createHookInput({ cwd: ws.dir, ...fields }), { cwd: ws.dir });

describe('speckit preset: logic flow', () => {
  it('reads .specify/.current-feature and .specify/specs/<feature>/.speckit-state.json: continues the feature', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 2, totalTasks: 5, taskIteration: 3, globalIteration: 7 });
    const result = await stop(ws);
    assertJsonBlock(result);
    assertReasonContains(result, 'Continue feature: test-spec (Task 3/5, Iter 7)');
    assertReasonContains(result, 'Path: ./.specify/specs/test-spec | Index: 2 | Iteration: 3/5');
    assertReasonContains(result, 'Read ./.specify/specs/test-spec/.speckit-state.json and ./.specify/specs/test-spec/tasks.md');
    assertReasonContains(result, 'spec-executor');
    assertSystemMessageContains(result, 'Ralph-speckit iteration 7 | Task 3/5');
    expect(result.stderr).toBe('[ralph-speckit] Session stopped during feature: test-spec | Task: 3/5 | Attempt: 3\n');
    expect(Object.keys(result.json!)).toEqual(['decision', 'reason', 'systemMessage']);
  });

  it('settings enabled: false turns it off; enabled: true keeps it on', async () => {
    const ws = workspace();
    ws.writeState();
    ws.writeSettings(false);
    assertSilent(await stop(ws));
    ws.writeSettings(true);
    assertJsonBlock(await stop(ws));
  });

  it('settings live in .claude/ralph-speckit.local.md, not the specum file', async () => {
    const ws = workspace();
    ws.writeState();
    ws.write('.claude/ralph-specum.local.md', '---\nenabled: false\n---\n');
    assertJsonBlock(await stop(ws));
  });

  it('no .current-feature: silent', async () => {
    const ws = workspace();
    ws.writeState();
    ws.delete('.specify/.current-feature');
    assertSilent(await stop(ws));
  });

  it('a specs/.current-spec (the specum marker) is not read', async () => {
    const ws = specumWorkspace();
    ws.writeState();
    assertSilent(await stop(ws));
  });

  it('no state file: silent', async () => {
    assertSilent(await stop(workspace()));
  });

  it.each(['planning', 'tasks', 'unknown'])('phase %s: silent', async (phase) => {
    const ws = workspace();
    ws.writeState({ phase });
    assertSilent(await stop(ws));
  });

  it.each([
    [5, 5],
    [6, 5],
  ])('taskIndex %i of %i: silent (done)', async (taskIndex, totalTasks) => {
    const ws = workspace();
    ws.writeState({ taskIndex, totalTasks });
    assertSilent(await stop(ws));
  });

  it('ALL_TASKS_COMPLETE in the transcript: exit 0, no JSON, one stderr line, state kept', async () => {
    const ws = workspace();
    ws.writeState();
    ws.transcript().assistant('Done.\nALL_TASKS_COMPLETE').write();
    const result = await stop(ws, { transcript_path: ws.transcriptPath });
    assertSilent(result, { allowStderr: true });
    expect(result.stderr).toBe('[ralph-speckit] ALL_TASKS_COMPLETE detected in transcript\n');
    expect(ws.exists('.specify/specs/test-spec/.speckit-state.json')).toBe(true);
  });

  it('the signal only mentioned mid-sentence does not count (anchored match)', async () => {
    const ws = workspace();
    ws.writeState();
    ws.transcript().assistant('I will print ALL_TASKS_COMPLETE at the end.').write();
    assertJsonBlock(await stop(ws, { transcript_path: ws.transcriptPath }));
  });

  it('a missing transcript file is fine', async () => {
    const ws = workspace();
    ws.writeState();
    assertJsonBlock(await stop(ws, { transcript_path: ws.path('nope.jsonl') }));
  });

  it('a state file being written (race) is waited for, not reported corrupt', async () => {
    const ws = workspace();
    ws.writeCorruptState({ ageSeconds: 0 }); // being written right now
    // A settle time far above any delay a loaded machine adds: the result cannot depend on timing.
    const child = spawn('bash', [SETTLING_HOOK], { cwd: ws.dir });
    const closed = new Promise((resolve) => child.on('close', resolve));
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stdin.end(JSON.stringify(createHookInput({ cwd: ws.dir })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    ws.writeState();
    await closed;
    expect(JSON.parse(stdout).reason).toContain('Continue feature: test-spec');
  });
});

describe('speckit preset: error table (seed 001)', () => {
  it('missing jq: exit 0, nothing on either stream; RALPH_HOOKS_DEBUG=1 says why on stderr', async () => {
    const ws = workspace();
    ws.writeState();
    const bin = ws.path('bin');
    mkdirSync(bin);
    for (const tool of ['cat', 'tail', 'grep', 'find', 'sleep']) symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), join(bin, tool));
    const bash = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
    const run = (env: Record<string, string>) => runHook({ script: hook, interpreter: bash }, createHookInput({ cwd: ws.dir }), { cwd: ws.dir, env: { PATH: bin, ...env } });
    assertSilent(await run({}));
    const debugged = await run({ RALPH_HOOKS_DEBUG: '1' });
    assertSilent(debugged, { allowStderr: true });
    expect(debugged.stderr).toMatch(/^\[ralph-speckit\] jq not found/);
  });

  it('corrupt state JSON: a JSON block with recovery options', async () => {
    const ws = workspace();
    ws.writeCorruptState();
    const result = await stop(ws);
    assertJsonBlock(result);
    expect(result.json!.reason).toBe(
      [
        'ERROR: Corrupt state file at ./.specify/specs/test-spec/.speckit-state.json',
        '',
        'Recovery options:',
        '1. Reset state: /speckit:implement (reinitializes from tasks.md)',
        '2. Cancel feature: /speckit:cancel',
      ].join('\n'),
    );
    assertSystemMessageContains(result, 'Ralph-speckit: corrupt state file');
  });

  it('corrupt state reaches Claude even when stop_hook_active is true', async () => {
    const ws = workspace();
    ws.writeCorruptState();
    assertJsonBlock(await stop(ws, { stop_hook_active: true }));
  });

  it('max global iterations: stderr error and exit 0, not a block', async () => {
    const ws = workspace();
    ws.writeState({ globalIteration: 5, maxGlobalIterations: 5 });
    const result = await stop(ws);
    assertSilent(result, { allowStderr: true });
    assertStderrContains(result, '[ralph-speckit] ERROR: Maximum global iterations (5) reached. Review .progress.md for failure patterns.');
    assertStderrContains(result, '[ralph-speckit] Recovery: fix issues manually, then run /speckit:implement or /speckit:cancel');
  });

  it('maxGlobalIterations defaults to 100', async () => {
    const ws = workspace();
    ws.writeState({ globalIteration: 99 });
    assertJsonBlock(await stop(ws));
    ws.writeState({ globalIteration: 100 });
    assertStderrContains(await stop(ws), 'Maximum global iterations (100)');
  });

  it('onMaxIterations: block is available as an option', async () => {
    const blocking = generateHook('speckit', 'stop-watcher', { onMaxIterations: 'block' });
    const ws = workspace();
    ws.writeState({ globalIteration: 5, maxGlobalIterations: 5 });
    const result = await runHook(blocking, createHookInput({ cwd: ws.dir }), { cwd: ws.dir });
    assertSystemMessageContains(result, 'Ralph-speckit: max iterations (5) reached');
  });

  it('stop_hook_active=true: exit 0 without a block', async () => {
    const ws = workspace();
    ws.writeState();
    const result = await stop(ws, { stop_hook_active: true });
    assertSilent(result, { allowStderr: true });
    assertStderrContains(result, 'stop_hook_active=true, skipping continuation');
  });

  it('orphaned .progress-task-*.md older than 60 minutes are cleaned, newer ones kept', async () => {
    const ws = workspace();
    ws.writeState();
    ws.write('.specify/specs/test-spec/.progress-task-1.md', 'old', { ageSeconds: 61 * 60 });
    ws.write('.specify/specs/test-spec/.progress-task-2.md', 'new', { ageSeconds: 59 * 60 });
    assertJsonBlock(await stop(ws));
    expect(ws.exists('.specify/specs/test-spec/.progress-task-1.md')).toBe(false);
    expect(ws.exists('.specify/specs/test-spec/.progress-task-2.md')).toBe(true);
  });

  it('a 1 MB cwd costs linear time: silent, far within the bound', async () => {
    const ws = workspace();
    ws.writeState();
    const result = await runHook(hook, createHookInput({ cwd: `${ws.dir}/${'a'.repeat(1_000_000)}` }), { cwd: ws.dir, timeoutMs: 20_000 });
    expect(result.timedOut).toBe(false);
    assertSilent(result);
  }, 40_000);

  it.each(['absolute', 'relative'] as const)('leaves orphans alone in a feature folder outside the project (%s path in .current-feature)', async (form) => {
    const ws = workspace();
    const orphan = specOutsideProject(ws, form);
    await stop(ws);
    expect(existsSync(orphan)).toBe(true);
  });

  it.each([['', 'empty hook input'], ['not json', 'no "cwd"'], ['{"stop_hook_active":false}', 'no "cwd"']])('input %j fails open, silently unless RALPH_HOOKS_DEBUG=1', async (input, message) => {
    const ws = workspace();
    ws.writeState();
    assertSilent(await runHook(hook, input, { cwd: ws.dir }));
    const debugged = await runHook(hook, input, { cwd: ws.dir, env: { RALPH_HOOKS_DEBUG: '1' } });
    assertSilent(debugged, { allowStderr: true });
    assertStderrContains(debugged, message);
  });
});

describe('speckit preset: loop replay and lint', () => {
  it("onStopHookActive: 'allow' (seed 001 guard): under stop_hook_active it continues once and then yields", async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 3 });
    const result = await replayStopLoop({ hook: ALLOW_HOOK, workspace: ws, agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    assertStderrContains(result.history[1]!.result, 'stop_hook_active=true, skipping continuation');
  });

  it('default: under stop_hook_active a feature whose every continuation makes progress runs to the end', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 3 });
    const result = await replayStopLoop({ hook, workspace: ws, agent: [{ reply: 'Task done.', tools: [{ name: 'Bash' }], actions: ['advance-task'] }] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(ws.readState()).toMatchObject({ taskIndex: 3 });
  });

  it('default: a continuation without progress lets Claude stop', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 3 });
    const result = await replayStopLoop({ hook, workspace: ws, agent: [{ reply: 'Still thinking.', tools: [{ name: 'Bash' }] }] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 2, blocks: 1 });
    assertStderrContains(result.history[1]!.result, 'no progress since');
  });

  it('a 2-task feature runs to the end when every stop is a fresh one', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 2 });
    const result = await replayStopLoop({
      hook,
      workspace: ws,
      stopHookActive: 'never',
      agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }],
    });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 3, blocks: 2 });
    expect(result.history[0]!.reason).toContain('Continue feature: test-spec (Task 1/2');
    expect(result.history[1]!.reason).toContain('Task 2/2');
  });

  it('the loop ends when the completion signal appears', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 5 });
    const result = await replayStopLoop({ hook, workspace: ws, agent: [{ reply: 'Finished everything.', tools: [{ name: 'Task' }], actions: ['complete'] }] });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 2, blocks: 1 });
  });

  it('is shellcheck-clean', () => {
    const result = spawnSync('shellcheck', ['--severity=style', hook], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
