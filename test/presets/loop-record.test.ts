/**
 * The loop record (docs/reports.md): every stop-watcher writes one line per Stop decision with
 * the usage since the previous Stop, read incrementally from the transcript; budgets end the
 * loop with reason `budget`; onLoopEnd runs detached and bounded with the end record on stdin.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace, forgeflareStopInput, runHook, stopInput, type Workspace } from '../../testkit/index.js';
import { TARGETS } from '../../src/targets/index.js';
import { generateProject } from '../helpers/generate.js';
import { readEndRecord } from '../../src/diagnose/loop-status.js';
import { loopLogFile, type StopRecord } from '../../src/loop-record/record.js';
import { costUsd, priceTable } from '../../src/loop-record/prices.js';
import { RUNTIMES, writeLoopState, type LoopHook, type Runtime } from './loop-helpers.js';

const made: Workspace[] = [];
afterEach(() => {
  for (const ws of made.splice(0)) ws.remove();
});
function workspace(options: Parameters<typeof createWorkspace>[0] = { bare: true }): Workspace {
  const ws = createWorkspace(options);
  made.push(ws);
  return ws;
}

/** The loop hook generated from a whole config (top-level prices and onLoopEnd included). */
function loopWith(runtime: Runtime, options: Record<string, unknown> = {}, top: Record<string, unknown> = {}): LoopHook {
  const project = generateProject({ ...top, hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime, ...options } }] } as never);
  const ext = runtime === 'node' ? 'mjs' : 'sh';
  return { runtime, project, hook: project.file(`.claude/hooks/stop-watcher.${ext}`), setup: '', stateFile: runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md' };
}

/** One Claude Code model call as its transcript writes it: a line per content block, each with the message's usage. */
function claudeCall(id: string, usage: { input: number; output: number; cacheRead?: number; cacheWrite?: number }, blocks: string[] = ['text'], model = 'claude-sonnet-4-5'): string {
  const u = { input_tokens: usage.input, output_tokens: usage.output, cache_read_input_tokens: usage.cacheRead ?? 0, cache_creation_input_tokens: usage.cacheWrite ?? 0 };
  return blocks
    .map((type) => JSON.stringify({ type: 'assistant', timestamp: '2026-11-28T10:00:00.000Z', message: { id, model, role: 'assistant', usage: u, content: [type === 'tool_use' ? { type: 'tool_use', id: `t-${id}`, name: 'Bash', input: {} } : { type: 'text', text: 'Working.' }] } }))
    .map((line) => `${line}\n`)
    .join('');
}

function lines(ws: Workspace, session = 'session-a'): StopRecord[] {
  const file = ws.path(loopLogFile(session));
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as StopRecord) : [];
}

const stop = (loop: LoopHook, ws: Workspace, overrides: Record<string, unknown> = {}) =>
  runHook(loop.hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 'session-a', last_assistant_message: 'Still working.', ...overrides }), { cwd: ws.dir });

/** What the record's line shape promises, on every line. */
function expectShape(line: StopRecord) {
  expect(Object.keys(line).sort()).toEqual(['agent', 'at', 'decision', 'hook', 'iteration', 'loopStarted', 'message', 'preset', 'reason', 'session', 'task', 'toolCalls', 'usage', 'usageNote', 'v'].sort());
  expect(line.v).toBe(1);
  expect(line.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
  expect(['continue', 'stop', 'pause']).toContain(line.decision);
}

for (const runtime of RUNTIMES) {
  describe(`loop record (${runtime})`, () => {
    it('one line per Stop with the usage since the previous Stop, read incrementally', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 3 });
      writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 100, output: 10, cacheRead: 5, cacheWrite: 7 }, ['text', 'tool_use']) + claudeCall('m2', { input: 200, output: 20 }));
      const first = await stop(loop, ws);
      expect(first.stdout).toContain('"decision":"block"');
      appendFileSync(ws.transcriptPath, claudeCall('m3', { input: 300, output: 30 }));
      await stop(loop, ws);
      // Nothing new: no usage, and a plain sentence why.
      await stop(loop, ws);
      const got = lines(ws);
      expect(got).toHaveLength(3);
      got.forEach(expectShape);
      expect(got.map((l) => [l.decision, l.reason, l.iteration])).toEqual([['continue', null, 1], ['continue', null, 2], ['stop', 'max-iterations', 3]]);
      expect(got[0]!.usage).toEqual({ model: 'claude-sonnet-4-5', input: 300, output: 30, cacheRead: 5, cacheWrite: 7 });
      expect(got[0]!.toolCalls).toBe(1);
      expect(got[1]!.usage).toEqual({ model: 'claude-sonnet-4-5', input: 300, output: 30, cacheRead: 0, cacheWrite: 0 });
      expect(got[2]!.usage).toBeNull();
      expect(got[2]!.usageNote).toBe('no new lines in the transcript since the previous Stop');
      expect(got[0]).toMatchObject({ session: 'session-a', agent: 'claude-code', preset: 'loop', hook: 'stop-watcher' });
    });

    it('a line still being written counts at the next Stop, not twice', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 5 });
      const call = claudeCall('m1', { input: 100, output: 10 });
      writeFileSync(ws.transcriptPath, call.slice(0, 40));
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, call.slice(40));
      await stop(loop, ws);
      expect(lines(ws).map((l) => l.usage?.input ?? null)).toEqual([null, 100]);
    });

    it('no transcript_path, or a transcript without token counts: usage null and a plain sentence, never zeros', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 5 });
      await stop(loop, ws, { transcript_path: undefined });
      writeFileSync(ws.transcriptPath, `${JSON.stringify({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] } })}\n`);
      await stop(loop, ws);
      const got = lines(ws);
      expect(got.map((l) => [l.usage, l.usageNote])).toEqual([
        [null, 'no transcript: Claude Code gave no transcript_path'],
        [null, "Claude Code's transcript carries no token counts"],
      ]);
    });

    it('Codex: the running token_count total, minus what the previous Stop saw', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 5 });
      const total = (input: number, cached: number, output: number) => `${JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, total_tokens: input + output } } } })}\n`;
      writeFileSync(ws.transcriptPath, `${JSON.stringify({ type: 'turn_context', payload: { model: 'gpt-5-codex' } })}\n${total(1000, 0, 50)}${total(1000, 0, 50)}${total(2500, 400, 90)}`);
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, total(4000, 900, 150));
      await stop(loop, ws);
      expect(lines(ws).map((l) => l.usage)).toEqual([
        { model: 'gpt-5-codex', input: 2100, output: 90, cacheRead: 400, cacheWrite: null },
        { model: 'gpt-5-codex', input: 1000, output: 60, cacheRead: 500, cacheWrite: null },
      ]);
    });

    it('Codex 0.171: cache writes are inside input_tokens and counted once; the sum is its total_tokens', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 5 });
      // As Codex 0.171 writes it: input_tokens is the whole prompt, cached reads and cache writes included.
      const total = (fresh: number, cached: number, written: number, output: number) => {
        const usage = { input_tokens: fresh + cached + written, cached_input_tokens: cached, cache_write_input_tokens: written, output_tokens: output, reasoning_output_tokens: 0, total_tokens: fresh + cached + written + output };
        return `${JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: usage } } })}\n`;
      };
      writeFileSync(ws.transcriptPath, `${JSON.stringify({ type: 'turn_context', payload: { model: 'gpt-5-codex' } })}\n${total(1000, 0, 30, 50)}`);
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, total(1800, 700, 30, 90));
      await stop(loop, ws);
      const got = lines(ws).map((l) => l.usage);
      expect(got).toEqual([
        { model: 'gpt-5-codex', input: 1000, output: 50, cacheRead: 0, cacheWrite: 30 },
        { model: 'gpt-5-codex', input: 800, output: 40, cacheRead: 700, cacheWrite: 0 },
      ]);
      const sum = got.reduce((n, u) => n + u!.input! + u!.output! + u!.cacheRead! + u!.cacheWrite!, 0);
      expect(sum).toBe(1800 + 700 + 30 + 90);
    });

    it('reads at most the last 4 MB of what is new, and says so', async () => {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 5 });
      const filler = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(1000) } })}\n`.repeat(6000);
      writeFileSync(ws.transcriptPath, claudeCall('old', { input: 999, output: 9 }) + filler + claudeCall('new', { input: 10, output: 1 }));
      await stop(loop, ws);
      const [line] = lines(ws);
      expect(line!.usage).toMatchObject({ input: 10, output: 1 });
      expect(line!.usageNote).toMatch(/^only the last 4194304 of \d+ new bytes of the transcript were read$/);
    });

    it('maxTokens: the loop ends at the Stop whose total crosses it, reason budget', async () => {
      const loop = loopWith(runtime, { maxTokens: 500 });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 10 });
      writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 200, output: 10 }));
      expect((await stop(loop, ws)).stdout).toContain('"decision":"block"');
      appendFileSync(ws.transcriptPath, claudeCall('m2', { input: 200, output: 10 }));
      expect((await stop(loop, ws)).stdout).toContain('"decision":"block"');
      appendFileSync(ws.transcriptPath, claudeCall('m3', { input: 200, output: 10 }));
      const third = await stop(loop, ws);
      expect(third.stdout).not.toContain('"decision"');
      expect(JSON.parse(third.stdout).systemMessage).toContain('maxTokens 500: 630 tokens used');
      const end = readEndRecord(ws.dir);
      expect(end.found && end.end).toMatchObject({ reason: 'budget', iteration: 3 });
      expect(lines(ws).map((l) => [l.decision, l.reason])).toEqual([['continue', null], ['continue', null], ['stop', 'budget']]);
      expect(existsSync(ws.path(loop.stateFile))).toBe(false);
    });

    it('maxCostUsd with a price from the config: the same cost as the report computes', async () => {
      const prices = { 'scripted-model': { input: 1000, output: 2000, cacheRead: 0, cacheWrite: 0 } };
      const loop = loopWith(runtime, { maxCostUsd: 0.5 }, { prices });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 10 });
      // 200 input tokens at $1000/M and 10 output at $2000/M: $0.22 a call.
      const call = (id: string) => claudeCall(id, { input: 200, output: 10 }, ['text'], 'scripted-model-1');
      writeFileSync(ws.transcriptPath, call('m1'));
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, call('m2'));
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, call('m3'));
      const third = await stop(loop, ws);
      expect(JSON.parse(third.stdout).systemMessage).toContain('maxCostUsd 0.5: $0.66 spent');
      const perCall = costUsd(lines(ws)[0]!.usage, priceTable(prices));
      expect(perCall).toBeCloseTo(0.22, 10);
      const end = readEndRecord(ws.dir);
      expect(end.found && end.end.reason).toBe('budget');
    });

    it('maxMinutes: wall time since the loop started', async () => {
      const loop = loopWith(runtime, { maxMinutes: 30 });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 10 });
      // The state's start: bash's started_at is 2026-08-22 (writeLoopState); Node's startedAt is set here.
      if (runtime === 'node') {
        const state = JSON.parse(readFileSync(ws.path(loop.stateFile), 'utf8'));
        writeFileSync(ws.path(loop.stateFile), JSON.stringify({ ...state, startedAt: '2026-08-22T10:00:00Z' }));
      }
      const result = await stop(loop, ws);
      expect(JSON.parse(result.stdout).systemMessage).toMatch(/budget reached at iteration 1 \(maxMinutes 30: \d+ minutes since the loop started\)/);
      expect(lines(ws)[0]).toMatchObject({ decision: 'stop', reason: 'budget', loopStarted: '2026-08-22T10:00:00Z' });
    });

    it('a record that cannot be written changes nothing: the decision stands, stdout holds only it', async () => {
      const loop = loopWith(runtime, { maxTokens: 1_000_000 });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 10 });
      mkdirSync(ws.path('.ralph-hooks/state'), { recursive: true });
      writeFileSync(ws.path('.ralph-hooks/state/loops'), 'a file where the folder goes');
      writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 200, output: 10 }));
      const result = await stop(loop, ws);
      expect(result.exitCode).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(result.stdout).decision).toBe('block');
    });
  });
}

/** Poll a condition every 50 ms until it holds or `ms` pass: waits for what the detached command writes. */
async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/** Where onLoopEnd's failures and time-outs are logged. */
const LOG = '.ralph-hooks/state/on-loop-end.log';

for (const runtime of RUNTIMES) {
  describe(`onLoopEnd (${runtime})`, () => {

    it('reads the end record on its stdin; a quote in the command is the command\'s own', async () => {
      const loop = loopWith(runtime, {}, { onLoopEnd: `jq -r '.reason + " at " + (.iteration | tostring)' > "it's over.txt"` });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 1 });
      const result = await stop(loop, ws);
      expect(JSON.parse(result.stdout).systemMessage).toContain('max iterations');
      expect(await eventually(() => existsSync(ws.path("it's over.txt")) && readFileSync(ws.path("it's over.txt"), 'utf8') !== '', 10_000)).toBe(true);
      expect(readFileSync(ws.path("it's over.txt"), 'utf8')).toBe('max-iterations at 1\n');
      expect(await eventually(() => existsSync(ws.path(LOG)) && readFileSync(ws.path(LOG), 'utf8').includes('onLoopEnd: done'), 10_000)).toBe(true);
    });

    it('a command that fails is logged, never shown to the agent', async () => {
      const loop = loopWith(runtime, {}, { onLoopEnd: 'echo "no webhook here" >&2; exit 7' });
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 1 });
      const result = await stop(loop, ws);
      expect(result.stderr).not.toContain('no webhook');
      expect(result.stdout).not.toContain('no webhook');
      expect(await eventually(() => existsSync(ws.path(LOG)) && readFileSync(ws.path(LOG), 'utf8').includes('exit status 7'), 10_000)).toBe(true);
      expect(readFileSync(ws.path(LOG), 'utf8')).toContain('no webhook here');
    });
  });
}

// Both runtimes in one test: each waits out the 10 s limit, and the two waits overlap.
it('onLoopEnd: a command that hangs does not hold the Stop, and is killed after 10 s (bash and Node)', async () => {
  await Promise.all(RUNTIMES.map(async (runtime) => {
    const loop = loopWith(runtime, {}, { onLoopEnd: 'echo waiting; sleep 600' });
    const ws = workspace();
    writeLoopState(ws, loop, { maxIterations: 1 });
    const started = Date.now();
    const result = await stop(loop, ws);
    expect(Date.now() - started, runtime).toBeLessThan(5_000);
    expect(JSON.parse(result.stdout).systemMessage, runtime).toContain('max iterations');
    expect(await eventually(() => existsSync(ws.path(LOG)) && readFileSync(ws.path(LOG), 'utf8').includes('killed after 10 s'), 20_000), runtime).toBe(true);
  }));
}, 30_000);

describe('spec presets', () => {
  function specHook(preset: 'specum' | 'speckit' | 'passive', options: Record<string, unknown> = {}): string {
    const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset, options }] } as never);
    return project.file('.claude/hooks/stop-watcher.sh');
  }

  it.each(['specum', 'speckit'] as const)('%s: a line per Stop with the task, and a budget stop', async (preset) => {
    const hook = specHook(preset, { maxTokens: 300 });
    const ws = workspace({ layout: preset === 'speckit' ? 'speckit' : 'specum' });
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    const input = () => stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 's1', last_assistant_message: 'Task done.' });
    writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 200, output: 10 }));
    const first = await runHook(hook, input(), { cwd: ws.dir });
    expect(first.stdout).toContain('"decision":"block"');
    appendFileSync(ws.transcriptPath, claudeCall('m2', { input: 200, output: 10 }));
    ws.writeState({ taskIndex: 2, totalTasks: 4, globalIteration: 3 });
    const second = await runHook(hook, input(), { cwd: ws.dir });
    expect(JSON.parse(second.stdout).systemMessage).toContain('budget reached at task 3/4, iteration 3 (maxTokens 300: 420 tokens used)');
    const got = lines(ws, 's1');
    got.forEach(expectShape);
    expect(got.map((l) => [l.decision, l.reason, l.iteration, l.task?.replace(/^\S+ /, '')])).toEqual([['continue', null, 2, 'task 2/4'], ['stop', 'budget', 3, 'task 3/4']]);
    expect(got[0]!.preset).toBe(preset);
    const end = readEndRecord(ws.dir);
    expect(end.found && end.end).toMatchObject({ reason: 'budget', preset });
  });

  it('passive: a line per Stop, decision stop, nothing on stdout', async () => {
    const hook = specHook('passive');
    const ws = workspace({});
    ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
    writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 200, output: 10 }));
    const result = await runHook(hook, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 's1' }), { cwd: ws.dir });
    expect(result.stdout).toBe('');
    expect(lines(ws, 's1')).toMatchObject([{ decision: 'stop', reason: null, preset: 'passive', usage: { input: 200, output: 10 } }]);
  });
});

describe('bash and Node write the same line', () => {
  it('the same Stops give the same lines, but for the time', async () => {
    const got: StopRecord[][] = [];
    for (const runtime of RUNTIMES) {
      const loop = loopWith(runtime);
      const ws = workspace();
      writeLoopState(ws, loop, { maxIterations: 2 });
      writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 100, output: 10 }, ['text', 'tool_use']));
      await stop(loop, ws);
      appendFileSync(ws.transcriptPath, claudeCall('m2', { input: 50, output: 5 }));
      await stop(loop, ws);
      got.push(lines(ws).map(({ at: _at, loopStarted: _started, ...rest }) => rest as StopRecord));
    }
    expect(got[1]).toEqual(got[0]);
  });
});

it('the log file name is loopLogFile(session) for an odd session id', async () => {
  const loop = loopWith('bash');
  const ws = workspace();
  writeLoopState(ws, loop, { maxIterations: 1 });
  await stop(loop, ws, { session_id: '../x y' });
  expect(existsSync(join(ws.dir, loopLogFile('../x y')))).toBe(true);
});

describe('every stop-watcher preset writes the record on every target', () => {
  const targets = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
  const presets = [
    { preset: 'loop', options: { runtime: 'bash' }, script: 'stop-watcher.sh' },
    { preset: 'loop', options: { runtime: 'node' }, script: 'stop-watcher.cjs' },
    { preset: 'specum', options: {}, script: 'stop-watcher.sh' },
    { preset: 'speckit', options: {}, script: 'stop-watcher.sh' },
    { preset: 'passive', options: {}, script: 'stop-watcher.sh' },
  ];
  for (const target of targets) {
    it.each(presets)(`${target}: %o`, async ({ preset, options, script }) => {
      const project = generateProject({ target, hooks: [{ kind: 'stop-watcher', preset, options }] } as never);
      const hook = project.file(`${TARGETS[target].hooksDir}/${script}`);
      const ws = workspace(preset === 'loop' ? { bare: true } : preset === 'speckit' ? { layout: 'speckit' } : {});
      if (preset === 'loop') {
        writeLoopState(ws, { runtime: options.runtime as Runtime, project, hook, setup: '', stateFile: loopStateFileOf(target, options.runtime as Runtime) }, { maxIterations: 5 });
      } else ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
      writeFileSync(ws.transcriptPath, claudeCall('m1', { input: 120, output: 12 }));
      const input = target === 'forgeflare'
        ? forgeflareStopInput({ cwd: ws.dir })
        : stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 's1', last_assistant_message: 'Working.' });
      const result = await runHook(hook, input, { cwd: ws.dir, env: { CLAUDE_PROJECT_DIR: ws.dir } });
      expect(result.exitCode).toBe(0);
      // Nothing on stdout beyond the decision: at most one JSON object.
      const out = result.stdout.trim();
      if (out !== '') expect(out.split('\n')).toHaveLength(1);
      if (out !== '') JSON.parse(out);
      const got = lines(ws, target === 'forgeflare' ? 'unknown' : 's1');
      expect(got).toHaveLength(1);
      expectShape(got[0]!);
      expect(got[0]).toMatchObject({ agent: TARGETS[target].agent, preset });
      if (target === 'forgeflare') expect(got[0]).toMatchObject({ usage: null, decision: 'stop' });
      else expect(got[0]!.usage).toMatchObject({ input: 120, output: 12 });
    });
  }
});

function loopStateFileOf(target: keyof typeof TARGETS, runtime: Runtime): string {
  const dir = TARGETS[target].agentDir ?? '.claude';
  return `${dir}/ralph-loop.local.${runtime === 'node' ? 'json' : 'md'}`;
}

it('two stop-watchers of one session (the loop and the passive observer) each record the whole usage', async () => {
  const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop' }, { kind: 'stop-watcher', preset: 'passive', name: 'observer' }] } as never);
  const ws = workspace({});
  ws.writeState({ taskIndex: 1, totalTasks: 4, globalIteration: 2 });
  writeLoopState(ws, { runtime: 'bash', project, hook: '', setup: '', stateFile: '.claude/ralph-loop.local.md' }, { maxIterations: 5 });
  for (const id of ['m1', 'm2']) {
    appendFileSync(ws.transcriptPath, claudeCall(id, { input: 100, output: 10 }));
    for (const hook of ['stop-watcher', 'observer']) {
      await runHook(project.file(`.claude/hooks/${hook}.sh`), stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath, session_id: 's1', last_assistant_message: 'Working.' }), { cwd: ws.dir });
    }
  }
  expect(lines(ws, 's1').map((l) => [l.hook, l.usage?.input ?? null])).toEqual([['stop-watcher', 100], ['observer', 100], ['stop-watcher', 100], ['observer', 100]]);
});
