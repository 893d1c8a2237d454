/**
 * The stop-watchers (loop in both runtimes, specum) under hostile files: a .ralph-hooks or
 * state folder linked out of the project, a transcript that is a FIFO, a device or a folder,
 * a transcript that never gets Copilot CLI's stop mark, NUL bytes in a transcript. Each runs
 * the generated hook in a temporary project.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { generateHook } from '../helpers/generate.js';
import { bareWorkspaces, generateLoop, readLoopState, runSetup, RUNTIMES, writeLoopState, type LoopHook } from './loop-helpers.js';
import { tempDir } from '../helpers/temp.js';

const workspace = bareWorkspaces();
const loops = Object.fromEntries(RUNTIMES.map((runtime) => [runtime, generateLoop(runtime)])) as Record<string, LoopHook>;
const TRACKER = generateLoop('node', { messages: 'iteration-tracker' });
// 'continue' under Claude Code's block cap: specum counts blocks in a row in a file beside its memory.
const SPECUM = generateHook('specum', 'stop-watcher', { onStopHookActive: 'continue' });

const outsideFolders: string[] = [];
afterEach(() => {
  for (const dir of outsideFolders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder outside every project, removed after the test. */
function outsideFolder(): string {
  const dir = tempDir('ralph-hooks-outside-');
  outsideFolders.push(dir);
  return dir;
}

/** Every file under `dir` with its bytes: what a hook must leave as it is. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    files[name] = statSync(path).isDirectory() ? '<folder>' : readFileSync(path, 'latin1');
  }
  return files;
}

/**
 * `.ralph-hooks` (or `.ralph-hooks/state`) of `ws` made a link to a folder outside the project
 * that holds `names` (a turn file of the hook, say). Returns the folder the state files land in.
 */
function linkStateOut(ws: Workspace, linked: '.ralph-hooks' | '.ralph-hooks/state', names: string[]): string {
  const outside = outsideFolder();
  if (linked === '.ralph-hooks') {
    symlinkSync(outside, ws.path('.ralph-hooks'));
    mkdirSync(join(outside, 'state'));
  } else {
    mkdirSync(ws.path('.ralph-hooks'));
    symlinkSync(outside, ws.path('.ralph-hooks/state'));
  }
  const state = linked === '.ralph-hooks' ? join(outside, 'state') : outside;
  for (const name of names) writeFileSync(join(state, name), 'session-a 3\n');
  return outside;
}

const LINKS = ['.ralph-hooks', '.ralph-hooks/state'] as const;

// Copilot CLI stamps its Stop input; its transcript's hook.start line carries the stamp in epoch ms.
const STAMP = '2026-03-01T10:00:00.250Z';
const STAMP_MS = Date.parse(STAMP);
const copilotReply = (text: string) => JSON.stringify({ type: 'assistant.message', data: { content: text } });
const copilotMark = JSON.stringify({ type: 'hook.start', data: { hookType: 'agentStop', input: { timestamp: STAMP_MS } } });

const runStop = (hook: string, ws: Workspace, input: Record<string, unknown>, env: Record<string, string> = {}) =>
  runHook(hook, { cwd: ws.dir, session_id: 'session-a', hook_event_name: 'Stop', stop_hook_active: false, ...input }, { cwd: ws.dir, env: { RALPH_HOOKS_DEBUG: '1', ...env }, timeoutMs: 8_000 });

/** The debug lines about waiting for the stop's mark: none means no wait at all. */
const markLines = (stderr: string) => stderr.split('\n').filter((line) => /polls|mark of this stop/.test(line));

describe.each(RUNTIMES)('loop stop-watcher (%s runtime): a state folder linked out of the project', (runtime) => {
  const loop = loops[runtime]!;

  it.each(LINKS)('%s linked out: a cancelled loop, an ended loop, a continued loop and random input change nothing there', async (linked) => {
    const ws = workspace();
    const outside = linkStateOut(ws, linked, ['stop-watcher.turn', 'loop-end.json']);
    const before = snapshot(outside);
    // No state file: the turn file outside reads as a cancelled loop.
    expect((await runStop(loop.hook, ws, { last_assistant_message: 'working' })).exitCode).toBe(0);
    // The limit ends the loop: the state file goes, the turn file outside stays.
    writeLoopState(ws, loop, { iteration: 5, maxIterations: 5 });
    expect((await runStop(loop.hook, ws, { last_assistant_message: 'working' })).json?.systemMessage).toContain('max iterations');
    // A continued loop (stop_hook_active: the turn file is read, and rewritten where it is inside).
    writeLoopState(ws, loop, { iteration: 1, maxIterations: 5 });
    expect((await runStop(loop.hook, ws, { last_assistant_message: 'working', stop_hook_active: true })).json?.decision).toBe('block');
    for (const input of ['', 'not json', '{}', JSON.stringify({ cwd: ws.dir, transcript_path: ws.dir, stop_hook_active: 'yes' })]) {
      await runHook(loop.hook, input, { cwd: ws.dir, env: { CLAUDE_PROJECT_DIR: undefined } });
    }
    expect(snapshot(outside)).toEqual(before);
  });

  it('the cancel command leaves a turn file outside the project alone', () => {
    const ws = workspace();
    const outside = linkStateOut(ws, '.ralph-hooks/state', ['stop-watcher.turn']);
    writeLoopState(ws, loop);
    const before = snapshot(outside);
    expect(runSetup(loop, ws, ['--cancel']).status).toBe(0);
    expect(readLoopState(ws, loop)).toBeUndefined();
    expect(snapshot(outside)).toEqual(before);
  });

  it('the setup script writes no state into a folder linked out of the project, and says why', () => {
    const ws = workspace();
    const outside = outsideFolder();
    symlinkSync(outside, ws.path('.claude'));
    const result = runSetup(loop, ws, ['Build', 'it']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('outside the project');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a turn file inside the project still goes when the loop ends', async () => {
    const ws = workspace();
    ws.write('.ralph-hooks/state/stop-watcher.turn', 'session-a 3\n');
    expect((await runStop(loop.hook, ws, { last_assistant_message: 'working' })).stdout).toBe('');
    expect(ws.exists('.ralph-hooks/state/stop-watcher.turn')).toBe(false);
  });
});

describe('specum stop-watcher: a state folder linked out of the project', () => {
  let ws: Workspace;
  afterEach(() => ws?.remove());

  it.each(LINKS)('%s linked out: the block counter there is not removed', async (linked) => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    const outside = linkStateOut(ws, linked, ['stop-watcher.last-block.blocks', 'stop-watcher.last-block']);
    const before = snapshot(outside);
    expect((await runStop(SPECUM, ws, { transcript_path: ws.transcriptPath })).json?.decision).toBe('block');
    expect((await runStop(SPECUM, ws, { transcript_path: ws.transcriptPath, stop_hook_active: true })).json?.decision).toBe('block');
    expect(snapshot(outside)).toEqual(before);
  });
});

/** A transcript path that is no regular file: a FIFO with no writer, a device, a folder. */
function specialTranscripts(ws: Workspace): Record<string, string> {
  const fifo = ws.path('transcript.fifo');
  execFileSync('mkfifo', [fifo]);
  return { fifo, device: '/dev/zero', folder: ws.dir };
}

describe.each(RUNTIMES)('loop stop-watcher (%s runtime): transcripts that are no regular file', (runtime) => {
  const loop = loops[runtime]!;

  it('a FIFO with no writer, a device or a folder reads as no transcript, at once, with or without a stamp', async () => {
    const ws = workspace();
    for (const [kind, path] of Object.entries(specialTranscripts(ws))) {
      for (const stamp of [{}, { timestamp: STAMP }]) {
        writeLoopState(ws, loop, { iteration: 1 });
        const result = await runStop(loop.hook, ws, { transcript_path: path, ...stamp });
        expect(result.timedOut, kind).toBe(false);
        expect(result.json?.decision, kind).toBe('block');
        expect(markLines(result.stderr), kind).toEqual([]);
      }
    }
  });
});

describe('loop stop-watcher (iteration tracker): transcripts that are no regular file', () => {
  it('a FIFO transcript reads as no transcript, at once', async () => {
    const ws = workspace();
    const { fifo } = specialTranscripts(ws);
    ws.write('.claude/ralph-loop.local.json', { active: true, iteration: 1, maxIterations: 5, completionPromise: 'DONE', prompt: 'Go on' });
    const result = await runStop(TRACKER.hook, ws, { transcript_path: fifo });
    expect(result.timedOut).toBe(false);
    expect(result.json).toEqual({ decision: 'block', reason: 'Ralph Loop iteration 2/5. Go on' });
  });
});

describe('loop stop-watcher (node runtime): a lock its holder left behind', () => {
  // A process that has ended: its pid is free (or another's, which kill -0 may still find).
  const deadPid = () => Number(execFileSync('sh', ['-c', 'sh -c "echo \\$\\$"'], { encoding: 'utf8' }).trim());

  it('held a while by a process that is gone: taken over, and the stop blocks', async () => {
    const ws = workspace();
    const loop = loops.node!;
    const file = writeLoopState(ws, loop, { session: 'session-a', maxIterations: 10, promise: null });
    writeFileSync(`${file}.lock`, String(deadPid()));
    const past = new Date(Date.now() - 5_000);
    utimesSync(`${file}.lock`, past, past);
    const result = await runHook(loop.hook, stopInput({ cwd: ws.dir, session_id: 'session-a', last_assistant_message: 'working' }), { cwd: ws.dir, timeoutMs: 30_000 });
    expect(result.json?.decision, result.stderr).toBe('block');
    expect(readLoopState(ws, loop)?.iteration).toBe(2);
  });

  it('just made by a process that is gone: waited for until it is a second old, then taken over', async () => {
    const ws = workspace();
    const loop = loops.node!;
    const file = writeLoopState(ws, loop, { session: 'session-a', maxIterations: 10, promise: null });
    writeFileSync(`${file}.lock`, String(deadPid()));
    const result = await runHook(loop.hook, stopInput({ cwd: ws.dir, session_id: 'session-a', last_assistant_message: 'working' }), { cwd: ws.dir, timeoutMs: 30_000 });
    expect(result.json?.decision, result.stderr).toBe('block');
    expect(readLoopState(ws, loop)?.iteration).toBe(2);
  });
});

describe('loop stop-watcher (node runtime): a lock file that is no regular file', () => {
  it('a FIFO in the lock\'s place lets the agent stop at once, silently', async () => {
    const ws = workspace();
    const loop = loops.node!;
    const file = writeLoopState(ws, loop);
    execFileSync('mkfifo', [`${file}.lock`]);
    const result = await runHook(loop.hook, stopInput({ cwd: ws.dir, session_id: 'session-a', last_assistant_message: 'working' }), { cwd: ws.dir, timeoutMs: 8_000 });
    expect(result.timedOut).toBe(false);
    expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe.each(RUNTIMES)('loop stop-watcher (%s runtime): the wait for a late transcript', (runtime) => {
  const loop = loops[runtime]!;

  const cases: Array<[string, Record<string, unknown>, string | null]> = [
    // Gemini CLI and Qwen Code stamp their input too: their transcripts are read at once.
    ['Gemini CLI, transcript missing', { timestamp: STAMP }, null],
    ['Gemini CLI, its transcript without any mark', { timestamp: STAMP }, JSON.stringify({ type: 'gemini', content: 'working' })],
    ['Qwen Code, its transcript without any mark', { timestamp: STAMP }, JSON.stringify({ type: 'assistant', message: { role: 'model', parts: [{ text: 'working' }] } })],
    ['Copilot CLI, transcript missing', { timestamp: STAMP }, null],
    ['Copilot CLI, the mark already written', { timestamp: STAMP }, `${copilotReply('working')}\n${copilotMark}`],
    ['Copilot CLI without the mark, but the last message in the input', { timestamp: STAMP, last_assistant_message: 'working' }, copilotReply('working')],
  ];

  it.each(cases)('%s: no wait at all', async (_name, input, transcript) => {
    const ws = workspace();
    writeLoopState(ws, loop);
    if (transcript !== null) ws.write('transcript.jsonl', `${transcript}\n`);
    const result = await runStop(loop.hook, ws, { transcript_path: ws.path('transcript.jsonl'), ...input });
    expect(result.json?.decision).toBe('block');
    expect(markLines(result.stderr)).toEqual([]);
  });

  it('Copilot CLI\'s transcript that never gets the mark: polled 20 times (ten times what Copilot needs), then the promise is absent', async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    ws.write('transcript.jsonl', `${copilotReply('<promise>DONE</promise>')}\n`);
    const result = await runStop(loop.hook, ws, { transcript_path: ws.path('transcript.jsonl'), timestamp: STAMP });
    expect(result.json?.decision).toBe('block');
    expect(markLines(result.stderr)).toEqual([expect.stringContaining('no mark of this stop after 20 polls')]);
  });

  it('Copilot CLI\'s mark written late: read once it is in, and the promise found', async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    const transcript = ws.write('transcript.jsonl', `${copilotReply('<promise>DONE</promise>')}\n`);
    const late = `${copilotReply('<promise>DONE</promise>')}\n${copilotMark}\n`;
    if (runtime === 'bash') {
      // No race with the clock: the bash hook's first wait between polls (its first `sleep`)
      // writes the mark, so it lands after a poll that found none, however loaded the machine.
      const bin = ws.write('stub-bin/sleep', `#!/bin/sh\n[ -e "$0.done" ] || { printf '%s' "$LATE_MARK" >"$LATE_FILE"; : >"$0.done"; }\nexec /bin/sleep "$@"\n`);
      execFileSync('chmod', ['+x', bin]);
      const result = await runStop(loop.hook, ws, { transcript_path: transcript, timestamp: STAMP }, { PATH: `${join(ws.dir, 'stub-bin')}:${process.env.PATH}`, LATE_MARK: late, LATE_FILE: transcript });
      expect(markLines(result.stderr)).toEqual([expect.stringContaining('waited 1 polls')]);
      expect(result.json?.systemMessage).toContain('Ralph loop finished');
      return;
    }
    const pending = runStop(loop.hook, ws, { transcript_path: transcript, timestamp: STAMP });
    setTimeout(() => writeFileSync(transcript, late), 150);
    const result = await pending;
    expect(result.json?.systemMessage).toContain('Ralph loop finished');
  });
});

describe('specum stop-watcher: the wait for a late transcript, NUL bytes', () => {
  let ws: Workspace;
  afterEach(() => ws?.remove());

  it('a missing transcript or a FIFO under a stamped input (Gemini CLI, Qwen Code): no wait', async () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    const { fifo } = specialTranscripts(ws);
    for (const path of [ws.path('missing.jsonl'), fifo]) {
      const result = await runStop(SPECUM, ws, { transcript_path: path, timestamp: STAMP });
      expect(result.timedOut).toBe(false);
      expect(result.json?.decision).toBe('block');
      expect(markLines(result.stderr)).toEqual([]);
    }
  });

  it('a transcript holding NUL bytes: nothing on stderr, in specum and in the bash loop', async () => {
    ws = createWorkspace();
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    const transcript = ws.write('transcript.jsonl', `${copilotReply('work\u0000ing')}\n\u0000\u0000\n${copilotMark}\n`);
    const specum = await runStop(SPECUM, ws, { transcript_path: transcript, timestamp: STAMP }, { RALPH_HOOKS_DEBUG: '0' });
    expect(specum.json?.decision).toBe('block');
    expect(specum.stderr).not.toContain('null byte');
    const loop = loops.bash!;
    const bare = workspace();
    writeLoopState(bare, loop);
    const copied = bare.write('transcript.jsonl', readFileSync(transcript, 'latin1'));
    const result = await runStop(loop.hook, bare, { transcript_path: copied, timestamp: STAMP }, { RALPH_HOOKS_DEBUG: '0' });
    expect(result.json?.decision).toBe('block');
    expect(result.stderr).toBe('');
  });
});
