/**
 * The loop preset's Node runtime configured as the standalone iteration tracker's Stop hook
 * (docs/presets.md shows this configuration): state at .msw/ralph-state.json with the
 * tracker's fields, message for message.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { validateConfig } from '../../src/config/load.js';
import { generateProject } from '../helpers/generate.js';
import { TRACKER_CONFIG } from './loop-helpers.js';

const project = generateProject(TRACKER_CONFIG as never);
const hook = { script: project.file('.claude/hooks/stop-watcher.mjs'), interpreter: 'node' as const };

const spaces: Workspace[] = [];
afterEach(() => {
  for (const ws of spaces.splice(0)) ws.remove();
});

function setUp(state: unknown, transcript = '') {
  const ws = createWorkspace({ bare: true });
  spaces.push(ws);
  mkdirSync(join(ws.dir, '.msw'), { recursive: true });
  writeFileSync(join(ws.dir, '.msw/ralph-state.json'), typeof state === 'string' ? state : JSON.stringify(state, null, 2));
  writeFileSync(join(ws.dir, 'transcript.jsonl'), transcript);
  return ws;
}
const state = (ws: Workspace) => JSON.parse(readFileSync(join(ws.dir, '.msw/ralph-state.json'), 'utf8'));
const stop = (ws: Workspace, fields: Record<string, unknown> = {}) =>
  runHook(hook, stopInput({ cwd: ws.dir, transcript_path: join(ws.dir, 'transcript.jsonl'), last_assistant_message: undefined, ...fields }), { cwd: ws.dir });

const TRACKER_STATE = { active: true, iteration: 1, maxIterations: 5, completionPromise: 'TASK COMPLETE', prompt: 'Implement phase 5.', notebookLmGuidance: null };

describe('loop preset as the iteration tracker (Node runtime)', () => {
  it('blocks with "Ralph Loop iteration N/M. <prompt>" and nothing else, and counts the iteration', async () => {
    const ws = setUp(TRACKER_STATE);
    const result = await stop(ws);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toStrictEqual({ decision: 'block', reason: 'Ralph Loop iteration 2/5. Implement phase 5.' });
    expect(result.stderr).toBe('');
    expect(state(ws)).toStrictEqual({ ...TRACKER_STATE, iteration: 2 });
  });

  it('appends the NotebookLM guidance under its heading', async () => {
    const ws = setUp({ ...TRACKER_STATE, notebookLmGuidance: 'Read the parser notes first.' });
    expect(JSON.parse((await stop(ws)).stdout)).toStrictEqual({
      decision: 'block',
      reason: 'Ralph Loop iteration 2/5. Implement phase 5.\n\n## NotebookLM Guidance:\nRead the parser notes first.',
    });
  });

  it('the promise anywhere in the transcript ends the loop: no output, state kept', async () => {
    const line = JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'All done: TASK COMPLETE' }] } });
    const ws = setUp(TRACKER_STATE, `${line}\n`);
    const result = await stop(ws);
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([0, '', '']);
    expect(state(ws)).toStrictEqual(TRACKER_STATE);
  });

  it.each([
    ['at maxIterations', { ...TRACKER_STATE, iteration: 5 }, {}],
    ['at maxIterations with stop_hook_active', { ...TRACKER_STATE, iteration: 5 }, { stop_hook_active: true }],
    ['an inactive loop', { ...TRACKER_STATE, active: false }, {}],
    ['a state that is not JSON', '{ nope', {}],
    ['a state without an iteration', { ...TRACKER_STATE, iteration: 'x' }, {}],
  ])('%s: lets Claude stop without a word, state untouched', async (_name, initial, fields) => {
    const ws = setUp(initial);
    const before = readFileSync(join(ws.dir, '.msw/ralph-state.json'), 'utf8');
    const result = await stop(ws, fields);
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([0, '', '']);
    expect(readFileSync(join(ws.dir, '.msw/ralph-state.json'), 'utf8')).toBe(before);
  });

  it('any error lets Claude stop: exit 0, nothing on either stream', async () => {
    const ws = setUp(TRACKER_STATE);
    const result = await runHook(hook, 'not json', { cwd: ws.dir });
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([0, '', '']);
    expect(existsSync(join(ws.dir, '.msw/ralph-state.json'))).toBe(true);
  });

  it('needs the Node runtime: with bash it is a config error naming the field and the fix', () => {
    expect(() => validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { messages: 'iteration-tracker' } }] })).toThrow(
      /hooks\[0\]\.options\.messages[\s\S]*set "runtime": "node"/,
    );
  });
});
