/**
 * specum and speckit record why the loop ended in .ralph-hooks/state/loop-end.json (the
 * generated script under real bash + jq), with their answers unchanged; passive records nothing.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { generateHook } from '../helpers/generate.js';

const RECORD = '.ralph-hooks/state/loop-end.json';
const SPECUM = generateHook('specum', 'stop-watcher');
const CONTINUING = generateHook('specum', 'stop-watcher', { onStopHookActive: 'continue' });
const STALLING = generateHook('specum', 'stop-watcher', { stallLimit: 2, onStopHookActive: 'continue' });
const SPECKIT = generateHook('speckit', 'stop-watcher');
const PASSIVE = generateHook('passive', 'stop-watcher');

let ws: Workspace;
afterEach(() => ws?.remove());

const stop = (hook: string, overrides: Record<string, unknown> = {}) =>
  runHook(hook, stopInput({ cwd: ws.dir, transcript_path: ws.path('transcript.jsonl'), session_id: 's1', ...overrides }), { cwd: ws.dir });
const record = () => (ws.exists(RECORD) ? JSON.parse(readFileSync(ws.path(RECORD), 'utf8')) : null);

describe('specum end record', () => {
  it('the completion signal: completed, with the state\'s iteration and limit', async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 4, maxGlobalIterations: 50 });
    await stop(SPECUM, { last_assistant_message: 'ALL_TASKS_COMPLETE' });
    expect(record()).toMatchObject({ reason: 'completed', hook: 'stop-watcher', preset: 'specum', iteration: 4, limit: 50, message: 'ALL_TASKS_COMPLETE detected in last assistant message' });
  });

  it('the iteration limit: max-iterations, and the block is the one it always was', async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 100, maxGlobalIterations: 100 });
    const result = await stop(SPECUM);
    expect(result.json?.systemMessage).toBe('Ralph-specum: max iterations (100) reached');
    expect(record()).toMatchObject({ reason: 'max-iterations', iteration: 100, limit: 100, message: 'Ralph-specum: max iterations (100) reached' });
  });

  it('a corrupt state file: corrupt-state, iteration and limit unknown', async () => {
    ws = createWorkspace();
    ws.writeCorruptState();
    await stop(SPECUM);
    expect(record()).toMatchObject({ reason: 'corrupt-state', iteration: null, limit: null, message: 'ERROR: Corrupt state file at ./specs/test-spec/.ralph-state.json' });
  });

  it("'progress': a continuation without progress ends the loop as no-progress; a continuation with progress records nothing", async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 2 });
    expect((await stop(SPECUM)).json?.decision).toBe('block');
    ws.updateState({ taskIndex: 1, globalIteration: 3 });
    expect((await stop(SPECUM, { stop_hook_active: true })).json?.decision).toBe('block');
    expect(record()).toBeNull();
    const result = await stop(SPECUM, { stop_hook_active: true });
    expect(result.stdout).toBe('');
    expect(record()).toMatchObject({ reason: 'no-progress', iteration: 3, message: 'Ralph-specum: stopped after 1 continuation without progress (task index 1)' });
  });

  it('the stall limit: no-progress with the message the user saw', async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 2 });
    for (let i = 0; i < 2; i++) await stop(STALLING, { stop_hook_active: i > 0 });
    const result = await stop(STALLING, { stop_hook_active: true });
    expect(record()).toMatchObject({ reason: 'no-progress', message: result.json?.systemMessage });
  });

  it("'continue' under Claude Code: the 8th block in a row without progress records block-cap; progress starts the count again", async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 2 });
    for (let i = 0; i < 7; i++) expect((await stop(CONTINUING, { stop_hook_active: i > 0 })).json?.decision).toBe('block');
    expect(record()).toBeNull();
    ws.updateState({ taskIndex: 1 });
    for (let i = 0; i < 7; i++) await stop(CONTINUING, { stop_hook_active: true });
    expect(record()).toBeNull();
    expect((await stop(CONTINUING, { stop_hook_active: true })).json?.decision).toBe('block');
    expect(record()).toMatchObject({
      reason: 'block-cap',
      message: "Ralph-specum: blocked 8 times in a row: Claude Code's block cap may have ended the turn (task index 1)",
    });
  });
});

describe('speckit and passive end records', () => {
  it("speckit's iteration limit (logged, the stop allowed): max-iterations", async () => {
    ws = createWorkspace({ layout: 'speckit' });
    ws.writeState({ globalIteration: 100, maxGlobalIterations: 100 });
    const result = await stop(SPECKIT);
    expect(result.stdout).toBe('');
    expect(record()).toMatchObject({ reason: 'max-iterations', preset: 'speckit', iteration: 100, limit: 100 });
  });

  it('passive only watches: it records no loop end, only its line of the loop record per stop', async () => {
    ws = createWorkspace();
    ws.writeState({ globalIteration: 100, maxGlobalIterations: 100 });
    await stop(PASSIVE, { last_assistant_message: 'ALL_TASKS_COMPLETE' });
    await stop(PASSIVE);
    expect(ws.exists('.ralph-hooks/state/loop-end.json')).toBe(false);
    const lines = ws.read('.ralph-hooks/state/loops/s1.jsonl').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.decision, line.reason, line.preset])).toEqual([['stop', 'completed', 'passive'], ['stop', 'max-iterations', 'passive']]);
  });
});
