/**
 * Stop-watchers beside the client's own machinery (issue 33): the loop's prompt or the spec's
 * current task given back after a compaction (SessionStart, source compact), the loop paused
 * when the session ends on an API error (StopFailure) or a Stop shows a full context, and no
 * block while a background task runs or a /goal condition is open. Real generated scripts,
 * both loop runtimes, crafted inputs as Claude Code 2.1.328 sends them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  assertJsonBlock,
  assertReasonContains,
  assertSilent,
  assertSystemMessageContains,
  createWorkspace,
  runHook,
  sessionStartInput,
  stopFailureInput,
  stopInput,
  type Workspace,
} from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';
import { bareWorkspaces, generateLoop, readLoopState, RUNTIMES, writeLoopState, type LoopHook } from './loop-helpers.js';

const workspace = bareWorkspaces();
const loops = Object.fromEntries(RUNTIMES.map((runtime) => [runtime, generateLoop(runtime)])) as Record<string, LoopHook>;
const SESSION = 'session-a';

const run = (loop: LoopHook, ws: Workspace, input: object) => runHook(loop.hook, input, { cwd: ws.dir });
const stop = (loop: LoopHook, ws: Workspace, overrides: Record<string, unknown> = {}) =>
  run(loop, ws, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION, ...overrides }));
const afterCompaction = (ws: Workspace, overrides: Record<string, unknown> = {}) =>
  sessionStartInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION, source: 'compact', ...overrides });
const failure = (ws: Workspace) => stopFailureInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION });

/** The additionalContext of a SessionStart answer. */
function contextOf(stdout: string): string {
  return JSON.parse(stdout).hookSpecificOutput.additionalContext;
}

/** Is the loop's state active? Both formats: frontmatter `active:` or JSON `"active"`. */
function isActive(ws: Workspace, loop: LoopHook): boolean {
  const text = readFileSync(ws.path(loop.stateFile), 'utf8');
  return loop.runtime === 'node' ? JSON.parse(text).active === true : !/^active: false$/m.test(text);
}

/**
 * Wait until `done()`: a StopFailure's pause is written by a process of its own (a session of
 * its own), after the hook has ended. It is awaited by what it writes, never by a fixed sleep;
 * the bound only keeps a hook that never writes from hanging the test, and is generous (a
 * loaded machine can take seconds to start bash, jq or Node), well inside the test's timeout.
 */
const WRITE_BOUND_MS = 60_000;
async function until(done: () => boolean, everyMs = 50): Promise<void> {
  const started = performance.now();
  while (!done() && performance.now() - started < WRITE_BOUND_MS) await sleep(everyMs);
}

// The record is replaced in one rename (write_atomic, replaceProjectFile): once there, it is whole.
const hasEndRecord = (ws: Workspace) => existsSync(ws.path('.ralph-hooks/state/loop-end.json'));

const endRecord = (ws: Workspace) => JSON.parse(readFileSync(ws.path('.ralph-hooks/state/loop-end.json'), 'utf8'));

/** A Claude Code transcript line recording /goal's condition, as the client writes it. */
const goalLine = (fields: Record<string, unknown>) => JSON.stringify({ type: 'attachment', attachment: { type: 'goal_status', condition: 'all tests pass', ...fields } });

for (const runtime of RUNTIMES) {
  const loop = loops[runtime]!;

  describe(`loop (${runtime}) after a compaction`, () => {
    it("gives the loop's prompt, iteration and promise back as SessionStart context", async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 3, maxIterations: 10, session: SESSION, prompt: 'Build the parser' });
      const before = readFileSync(ws.path(loop.stateFile), 'utf8');
      const result = await run(loop, ws, afterCompaction(ws));
      expect(result.exitCode).toBe(0);
      const context = contextOf(result.stdout);
      expect(context).toContain('iteration 3/10');
      expect(context).toContain('Build the parser');
      expect(context).toContain('<promise>DONE</promise>');
      expect(JSON.parse(result.stdout).hookSpecificOutput.hookEventName).toBe('SessionStart');
      // Only a reminder: the state is as it was.
      expect(readFileSync(ws.path(loop.stateFile), 'utf8')).toBe(before);
    });

    it('says nothing on another SessionStart source, for another session, or for a paused loop', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { session: SESSION });
      assertSilent(await run(loop, ws, afterCompaction(ws, { source: 'startup' })), { allowStderr: true });
      assertSilent(await run(loop, ws, afterCompaction(ws, { session_id: 'session-b' })), { allowStderr: true });
      writeLoopState(ws, loop, { session: SESSION, active: false });
      assertSilent(await run(loop, ws, afterCompaction(ws)), { allowStderr: true });
    });
  });

  describe(`loop (${runtime}) when the session fails`, () => {
    it('StopFailure pauses the loop, keeps prompt and iteration, and records why', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 2, maxIterations: 10, session: SESSION });
      const result = await run(loop, ws, failure(ws));
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe('');
      await until(() => hasEndRecord(ws));
      expect(isActive(ws, loop)).toBe(false);
      expect(readLoopState(ws, loop)).toMatchObject({ iteration: 2, session: SESSION });
      const end = endRecord(ws);
      expect(end).toMatchObject({ reason: 'session-failed', iteration: 2, limit: 10, preset: 'loop' });
      expect(end.message).toContain('invalid_request');
      expect(end.message).toContain('prompt is too long');
      // The next session's stop does not take the paused loop up.
      assertSilent(await stop(loop, ws, { session_id: SESSION }), { allowStderr: true });
    });

    it("a Stop whose last message is the client's \"Prompt is too long\" pauses instead of blocking", async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 4, maxIterations: 10, session: SESSION });
      const result = await stop(loop, ws, { last_assistant_message: 'Prompt is too long' });
      expect(result.json?.decision).toBeUndefined();
      assertSystemMessageContains(result, 'the context is full');
      expect(isActive(ws, loop)).toBe(false);
      expect(endRecord(ws)).toMatchObject({ reason: 'context-full', iteration: 4 });
    });

    it('a reply that only talks about a long prompt still continues the loop', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { session: SESSION });
      assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'The prompt is too long for the parser test; shortening it.' }));
    });
  });

  describe(`loop (${runtime}) beside background tasks, crons and /goal`, () => {
    it('does not block while a background task runs (the client wakes the session), and says so in the debug log', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 1, session: SESSION });
      const running = { id: 'b1', type: 'shell', status: 'running', description: 'test suite', command: 'npm test' };
      const result = await runHook(loop.hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION, background_tasks: [running] }), {
        cwd: ws.dir,
        env: { RALPH_HOOKS_DEBUG: '1' },
      });
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('1 background task(s) running');
      expect(readLoopState(ws, loop)?.iteration).toBe(1);
      // Finished tasks and crons do not hold the loop back.
      const done = await stop(loop, ws, { background_tasks: [{ ...running, status: 'completed' }], session_crons: [{ id: 'c1', cron: '*/5 * * * *', prompt: '/loop check' }] });
      assertJsonBlock(done);
      expect(readLoopState(ws, loop)?.iteration).toBe(2);
    });

    it('defers to an open /goal condition, and blocks again once the goal is met', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 1, session: SESSION });
      writeFileSync(ws.transcriptPath, `${goalLine({ met: false })}\n`);
      assertSilent(await stop(loop, ws, { last_assistant_message: 'working' }), { allowStderr: true });
      expect(readLoopState(ws, loop)?.iteration).toBe(1);
      writeFileSync(ws.transcriptPath, `${goalLine({ met: false })}\n${goalLine({ met: true, sentinel: true })}\n`);
      assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
    });

    it('an open /goal read by an earlier Stop still holds when the lines since say nothing of it', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 1, session: SESSION });
      const assistant = JSON.stringify({ type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'working' }] } });
      writeFileSync(ws.transcriptPath, `${goalLine({ met: false })}\n`);
      assertSilent(await stop(loop, ws, { last_assistant_message: 'working' }), { allowStderr: true });
      appendFileSync(ws.transcriptPath, `${assistant}\n`);
      assertSilent(await stop(loop, ws, { last_assistant_message: 'working' }), { allowStderr: true });
      expect(readLoopState(ws, loop)?.iteration).toBe(1);
      appendFileSync(ws.transcriptPath, `${goalLine({ failed: true })}\n${assistant}\n`);
      assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
      expect(readLoopState(ws, loop)?.iteration).toBe(2);
    });
  });
}

describe('which targets register the loop for SessionStart and StopFailure', () => {
  const hooksOf = (config: object, file: string) => {
    const project = generateProject(config as never);
    return JSON.parse(readFileSync(project.file(file), 'utf8')).hooks as Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
  };

  it('Claude Code: the same script on Stop, SessionStart (matcher compact) and StopFailure', () => {
    const hooks = hooksOf({ hooks: [{ kind: 'stop-watcher', preset: 'loop' }] }, '.claude/settings.json');
    const command = hooks.Stop![0]!.hooks[0]!.command;
    expect(hooks.SessionStart).toEqual([{ matcher: 'compact', hooks: [{ type: 'command', command }] }]);
    expect(hooks.StopFailure).toEqual([{ hooks: [{ type: 'command', command }] }]);
  });

  it('specum and speckit too; passive and the iteration tracker stay on Stop alone', () => {
    for (const preset of ['specum', 'speckit']) {
      const hooks = hooksOf({ hooks: [{ kind: 'stop-watcher', preset }] }, '.claude/settings.json');
      expect(Object.keys(hooks).sort(), preset).toEqual(['SessionStart', 'Stop', 'StopFailure']);
    }
    expect(Object.keys(hooksOf({ hooks: [{ kind: 'stop-watcher', preset: 'passive' }] }, '.claude/settings.json'))).toEqual(['Stop']);
    const tracker = hooksOf({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node', messages: 'iteration-tracker' } }] }, '.claude/settings.json');
    expect(Object.keys(tracker)).toEqual(['Stop']);
  });

  it('Codex (compacts, has no StopFailure) gets Stop and SessionStart on compact; the Node loop no StopFailure wrapper', () => {
    for (const runtime of ['bash', 'node'] as const) {
      const config = { target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] };
      const hooks = hooksOf(config, '.codex/hooks.json');
      expect(Object.keys(hooks)).toEqual(['Stop', 'SessionStart']);
      expect(hooks.SessionStart).toEqual([expect.objectContaining({ matcher: 'compact' })]);
      expect(existsSync(generateProject(config as never).file('.codex/hooks/stop-watcher-failure.sh'))).toBe(false);
    }
    const spec = hooksOf({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }, '.codex/hooks.json');
    expect(Object.keys(spec)).toEqual(['Stop', 'SessionStart']);
  });

  it('agents never seen compacting or failing so (Qwen Code) get Stop alone: the continuation reason carries the prompt', () => {
    const hooks = hooksOf({ target: 'qwen-project', hooks: [{ kind: 'stop-watcher', preset: 'loop' }] }, '.qwen/settings.json');
    expect(Object.keys(hooks)).toEqual(['Stop']);
  });
});

describe('specum beside compaction, failures and background tasks', () => {
  const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] } as never);
  const hook = project.file('.claude/hooks/stop-watcher.sh');
  const specWorkspace = () => {
    const ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    return ws;
  };
  const runSpec = (ws: Workspace, input: object, env: Record<string, string> = {}) => runHook(hook, input, { cwd: ws.dir, env });

  it("gives the spec's current task back after a compaction", async () => {
    const ws = specWorkspace();
    try {
      const before = readFileSync(ws.stateFile, 'utf8');
      const result = await runSpec(ws, afterCompaction(ws));
      const context = contextOf(result.stdout);
      expect(context).toContain('Continue spec: test-spec (Task 2/4, Iter 2)');
      expect(context).toContain('tasks.md');
      expect(readFileSync(ws.stateFile, 'utf8')).toBe(before);
      assertSilent(await runSpec(ws, afterCompaction(ws, { source: 'resume' })), { allowStderr: true });
    } finally {
      ws.remove();
    }
  });

  it('records a StopFailure for status and keeps the spec state as it is', async () => {
    const ws = specWorkspace();
    try {
      const before = readFileSync(ws.stateFile, 'utf8');
      const result = await runSpec(ws, failure(ws));
      expect(result.stdout).toBe('');
      await until(() => hasEndRecord(ws));
      expect(endRecord(ws)).toMatchObject({ reason: 'session-failed', preset: 'specum', iteration: 2 });
      expect(endRecord(ws).message).toContain('at task 2/4');
      expect(readFileSync(ws.stateFile, 'utf8')).toBe(before);
    } finally {
      ws.remove();
    }
  });

  it('lets the agent stop on a full context, and while a background task runs', async () => {
    const ws = specWorkspace();
    try {
      const full = await runSpec(ws, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION, last_assistant_message: 'Prompt is too long' }));
      expect(full.json?.decision).toBeUndefined();
      assertSystemMessageContains(full, 'the context is full');
      expect(endRecord(ws)).toMatchObject({ reason: 'context-full' });
      const background = await runSpec(
        ws,
        stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION, background_tasks: [{ id: 'b1', type: 'shell', status: 'running' }] }),
        { RALPH_HOOKS_DEBUG: '1' },
      );
      expect(background.stdout).toBe('');
      expect(background.stderr).toContain('background task(s) running');
      const normal = await runSpec(ws, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: SESSION }));
      assertReasonContains(normal, 'Continue spec: test-spec (Task 2/4, Iter 2)');
    } finally {
      ws.remove();
    }
  });
});

/**
 * Claude Code runs StopFailure hooks while it exits and ends them some 150 ms later: SIGTERM to
 * the hook's process group. Here the hook runs in a group of its own; a shim in front of the
 * program it needs (jq for bash, node for the Node runtime) marks that the hook is at work;
 * from then on the whole group gets SIGTERM every 20 ms until the hook is done.
 */
async function failWhileClientExits(loop: LoopHook, ws: Workspace): Promise<void> {
  const shims = ws.path('shims');
  const marker = ws.path('at-work');
  const program = loop.runtime === 'node' ? 'node' : 'jq';
  const real = execFileSync('bash', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim();
  mkdirSync(shims, { recursive: true });
  writeFileSync(join(shims, program), `#!/usr/bin/env bash\n: > ${JSON.stringify(marker)}\nexec ${JSON.stringify(real)} "$@"\n`, { mode: 0o755 });
  // The Node runtime's StopFailure starts through its wrapper, as registered.
  const script = loop.runtime === 'node' ? loop.hook.replace(/\.mjs$/, '-failure.sh') : loop.hook;
  const child = spawn('bash', [script], {
    cwd: ws.dir,
    env: { ...process.env, PATH: `${shims}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: ws.dir },
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.stdin.end(JSON.stringify(failure(ws)));
  await until(() => existsSync(marker), 10);
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let waited = 0; !exited && waited < 10_000; waited += 20) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      break; // the group is gone
    }
    await sleep(20);
  }
}

for (const runtime of RUNTIMES) {
  const loop = loops[runtime]!;
  it(`loop (${runtime}): the pause on StopFailure outlasts the signal the exiting client sends its hooks`, async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { iteration: 2, session: SESSION });
    await failWhileClientExits(loop, ws);
    // The pause writes the state first, then the end record: the record is the last write.
    await until(() => hasEndRecord(ws));
    expect(isActive(ws, loop)).toBe(false);
    expect(endRecord(ws)).toMatchObject({ reason: 'session-failed', iteration: 2 });
  });
}

/**
 * The Node runtime's StopFailure wrapper ends at once: it does not wait for Node, which a loaded
 * machine may take seconds to start (the client kills its hooks some 1.5 s after starting them).
 * Here Node is held back by a shim until the test lets it go: the wrapper has ended before Node
 * has written anything, and the pause is written once Node runs. No clock: the order of events.
 */
it('loop (node): the StopFailure wrapper ends before Node has written the pause, and Node still writes it', async () => {
  const loop = loops.node!;
  const ws = workspace();
  writeLoopState(ws, loop, { iteration: 2, session: SESSION });
  const shims = ws.path('shims');
  const gate = ws.path('go');
  const started = ws.path('node-started');
  const real = execFileSync('bash', ['-c', 'command -v node'], { encoding: 'utf8' }).trim();
  mkdirSync(shims, { recursive: true });
  writeFileSync(
    join(shims, 'node'),
    `#!/usr/bin/env bash\n: > ${JSON.stringify(started)}\nuntil [[ -e ${JSON.stringify(gate)} ]]; do [[ -d ${JSON.stringify(shims)} ]] || exit 1; sleep 0.05; done\nexec ${JSON.stringify(real)} "$@"\n`,
    { mode: 0o755 },
  );
  const wrapper = loop.hook.replace(/\.mjs$/, '-failure.sh');
  const child = spawn('bash', [wrapper], { cwd: ws.dir, env: { ...process.env, PATH: `${shims}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: ws.dir }, stdio: ['pipe', 'ignore', 'ignore'] });
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
  child.stdin.end(JSON.stringify(failure(ws)));
  // The wrapper exits while Node is held at the gate: it never waited for it. (Were it to wait,
  // the test would time out; the shim gives up once the workspace is removed.)
  expect(await exited).toBe(0);
  expect(hasEndRecord(ws)).toBe(false);
  expect(isActive(ws, loop)).toBe(true);
  // Node was started (detached) with the input, and writes the pause once let go.
  await until(() => existsSync(started));
  expect(existsSync(started), 'the wrapper never started Node').toBe(true);
  writeFileSync(gate, '');
  await until(() => hasEndRecord(ws));
  expect(isActive(ws, loop)).toBe(false);
  expect(endRecord(ws)).toMatchObject({ reason: 'session-failed', iteration: 2 });
});
