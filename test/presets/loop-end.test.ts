/**
 * The loop preset records why each loop ended in .ralph-hooks/state/loop-end.json (both
 * runtimes, under real bash + jq and node): the record of every end reason, written only
 * inside the project, and the block-cap record only where the agent has a cap.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';
import { bareWorkspaces, generateLoop, RUNTIMES, runSetup, writeLoopState, type LoopHook, type Runtime } from './loop-helpers.js';

const workspace = bareWorkspaces();
const RECORD = '.ralph-hooks/state/loop-end.json';

const loops = Object.fromEntries(RUNTIMES.map((runtime) => [runtime, generateLoop(runtime)])) as Record<Runtime, LoopHook>;

function stop(loop: LoopHook, ws: Workspace, overrides: Record<string, unknown> = {}) {
  return runHook(loop.hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 'session-a', ...overrides }), { cwd: ws.dir });
}

function record(ws: Workspace): Record<string, unknown> | null {
  return ws.exists(RECORD) ? JSON.parse(readFileSync(ws.path(RECORD), 'utf8')) : null;
}

/** A run of stops in one turn: the first a natural stop, the rest continuing from a block. */
async function blocksInOneTurn(loop: LoopHook, ws: Workspace, stops: number) {
  const answers = [];
  for (let i = 0; i < stops; i++) answers.push(await stop(loop, ws, { stop_hook_active: i > 0, last_assistant_message: 'Still working.' }));
  return answers;
}

describe.each(RUNTIMES)('loop end record (%s runtime)', (runtime) => {
  const loop = loops[runtime];

  it('the promise: reason completed, with the iteration, the limit, the hook and the message the user saw', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { iteration: 3, maxIterations: 9 });
    const result = await stop(loop, ws, { last_assistant_message: '<promise>DONE</promise>' });
    expect(record(ws)).toEqual({
      reason: 'completed',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      hook: 'stop-watcher',
      preset: 'loop',
      iteration: 3,
      limit: 9,
      message: result.json?.systemMessage,
    });
    expect(Math.abs(Date.parse(record(ws)!.at as string) - Date.now())).toBeLessThan(60_000);
  });

  it('the limit: reason max-iterations', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { iteration: 5, maxIterations: 5 });
    const result = await stop(loop, ws);
    expect(record(ws)).toMatchObject({ reason: 'max-iterations', iteration: 5, limit: 5, message: result.json?.systemMessage });
  });

  it('a corrupt state file: reason corrupt-state, the unreadable iteration as null', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { iteration: 'abc' });
    const result = await stop(loop, ws);
    expect(record(ws)).toMatchObject({ reason: 'corrupt-state', iteration: null, limit: 5, message: result.json?.systemMessage });
  });

  it('the cancel command: reason cancelled, with the iteration it printed', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { iteration: 4, maxIterations: 7 });
    expect(runSetup(loop, ws, ['--cancel']).stdout.trim()).toBe('Cancelled Ralph loop (was at iteration 4)');
    expect(record(ws)).toMatchObject({ reason: 'cancelled', iteration: 4, limit: 7, message: 'Cancelled Ralph loop (was at iteration 4)' });
  });

  it('a state file removed by hand: the next stop records cancelled, once, and prints nothing', async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    await stop(loop, ws);
    rmSync(ws.path(loop.stateFile));
    const answer = await stop(loop, ws);
    expect([answer.stdout, answer.stderr]).toEqual(['', '']);
    expect(record(ws)).toMatchObject({ reason: 'cancelled', message: `Ralph loop cancelled: ${loop.stateFile} was removed.` });
    rmSync(ws.path(RECORD));
    await stop(loop, ws);
    expect(record(ws)).toBeNull();
  });

  it('a stop without any loop writes nothing', async () => {
    const ws = workspace();
    await stop(loop, ws);
    expect(ws.exists('.ralph-hooks')).toBe(false);
  });

  it('the 8th block in a row of one turn records block-cap (Claude Code ends the turn after 8); the answers stay the same', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { maxIterations: 20 });
    const answers = await blocksInOneTurn(loop, ws, 7);
    expect(answers.every((a) => a.json?.decision === 'block' && a.stderr === '')).toBe(true);
    expect(record(ws)).toBeNull();
    const eighth = await stop(loop, ws, { stop_hook_active: true });
    expect(eighth.json?.decision).toBe('block');
    expect(eighth.stderr).toBe('');
    expect(record(ws)).toMatchObject({
      reason: 'block-cap',
      iteration: 9,
      limit: 20,
      message: "Ralph loop: blocked 8 times in a row: Claude Code's block cap may have ended the turn (iteration 9).",
    });
  });

  it('a natural stop starts the count again: 7 blocks, a new turn, 7 more record nothing', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { maxIterations: 40 });
    await blocksInOneTurn(loop, ws, 7);
    await blocksInOneTurn(loop, ws, 7);
    expect(record(ws)).toBeNull();
  });

  it('the record goes nowhere through a symlinked .ralph-hooks folder; the loop ends all the same', async () => {
    const ws = workspace();
    const outside = workspace();
    symlinkSync(outside.dir, ws.path('.ralph-hooks'));
    writeLoopState(ws, loop, { iteration: 5, maxIterations: 5 });
    const result = await stop(loop, ws);
    expect(result.json?.systemMessage).toContain('max iterations (5) reached');
    expect(outside.exists('state')).toBe(false);
  });

  it('a record file replaced by a symlink is not written through', async () => {
    const ws = workspace();
    const outside = join(workspace().dir, 'target');
    writeFileSync(outside, 'kept\n');
    mkdirSync(ws.path('.ralph-hooks/state'), { recursive: true });
    symlinkSync(outside, ws.path(RECORD));
    writeLoopState(ws, loop, { iteration: 5, maxIterations: 5 });
    await stop(loop, ws);
    expect(readFileSync(outside, 'utf8')).toBe('kept\n');
  });
});

describe.each(RUNTIMES)('loop end record under an agent without a block cap (%s runtime, Codex)', (runtime) => {
  const project = generateProject({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
  const loop: LoopHook = {
    runtime,
    project,
    hook: project.file(`.codex/hooks/stop-watcher.${runtime === 'node' ? 'mjs' : 'sh'}`),
    setup: project.file(`.codex/hooks/stop-watcher-setup.${runtime === 'node' ? 'mjs' : 'sh'}`),
    stateFile: runtime === 'node' ? '.codex/ralph-loop.local.json' : '.codex/ralph-loop.local.md',
  };

  it('12 blocks in a row record nothing', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { maxIterations: 40 });
    await blocksInOneTurn(loop, ws, 12);
    expect(record(ws)).toBeNull();
  });
});
