/**
 * The convergence check: each signal, both output contracts, fail-open, and the state
 * file with 64 invocations at once (test/stress/convergence-pressure.test.ts adds a busy
 * machine and runs killed at random moments).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSignal, postToolUseFailureInput, postToolUseInput } from '../../testkit/index.js';
import { convergenceProject, edit, FAIL, ff, runCheck, state, testRun as test, type ConvergenceProject } from './helpers.js';
import { tempDir } from '../helpers/temp.js';

async function sequence(project: ConvergenceProject, calls: Record<string, unknown>[]) {
  const out = [];
  for (const [i, call] of calls.entries()) out.push(await runCheck(project, ff(project, i + 1, call)));
  return out;
}
const actions = (results: { json?: Record<string, unknown> }[]) => results.map((r) => (r.json?.action === 'signal' ? r.json.signal : r.json?.action));

describe('convergence check: signals (forgeflare contract)', () => {
  it('is shellcheck-clean in both contracts', () => {
    for (const contract of ['forgeflare', 'claude-code'] as const) {
      const result = spawnSync('shellcheck', ['--severity=style', convergenceProject(contract).script], { encoding: 'utf8' });
      expect(result.stdout, contract).toBe('');
      expect(result.status).toBe(0);
    }
  });

  it('clean_test: N passing runs in a row signal; an edit in between resets the count', async () => {
    const p = convergenceProject('forgeflare');
    const results = await sequence(p, [test(), test(), edit(), test(), test(), test()]);
    expect(actions(results)).toEqual(['continue', 'continue', 'continue', 'continue', 'continue', 'clean_test']);
    assertSignal(results[5]!, 'clean_test');
    expect(results[5]!.json!.reason).toBe('3 consecutive clean test runs with no edit in between');
  });

  it('clean_test reads the pass line from the tail, and a failure line there makes it a failure', async () => {
    const p = convergenceProject('forgeflare', { signals: { clean_test: { runs: 2, tailLines: 5 } } });
    const noisy = `${'log line\n'.repeat(200)}test result: ok. 9 passed; 0 failed`;
    const truncated = `${'x'.repeat(100)}\n... (truncated for hook, full result: 90000 bytes)\n${'y\n'.repeat(10)}test result: ok. 1 passed; 0 failed`;
    expect(actions(await sequence(p, [test(noisy), test(truncated)]))).toEqual(['continue', 'clean_test']);
    const q = convergenceProject('forgeflare', { signals: { clean_test: { runs: 2 } } });
    expect(actions(await sequence(q, [test(), test(FAIL), test()]))).toEqual(['continue', 'continue', 'continue']);
  });

  it('stable_output: the same call with the same output (timings ignored) N times', async () => {
    const p = convergenceProject('forgeflare', { signals: { clean_test: { enabled: false } } });
    const grep = (ms: number) => ({ tool: 'Grep', input: { pattern: 'TODO', path: 'src' }, result: `src/a.rs:3: TODO\n(took ${ms}ms)`, is_error: false });
    expect(actions(await sequence(p, [grep(12), grep(15), grep(9)]))).toEqual(['continue', 'continue', 'stable_output']);
    const q = convergenceProject('forgeflare');
    const changing = (n: number) => ({ tool: 'Grep', input: { pattern: 'TODO' }, result: `${n} matches`, is_error: false });
    expect(actions(await sequence(q, [changing(1), changing(2), changing(3)]))).toEqual(['continue', 'continue', 'continue']);
  });

  it('stuck_same_error: the same error signature N times, with edits in between', async () => {
    const p = convergenceProject('forgeflare');
    const results = await sequence(p, [test(FAIL, true), edit(), test(FAIL, true), edit('src/b.rs'), test(FAIL, true)]);
    expect(actions(results)).toEqual(['continue', 'continue', 'continue', 'continue', 'stuck_same_error']);
    expect(results[4]!.json!.reason).toContain('error[E0308]: mismatched types');
  });

  it('no_progress: K steps without a successful edit', async () => {
    const p = convergenceProject('forgeflare', { signals: { no_progress: { steps: 4 }, stable_output: { enabled: false } } });
    const readN = (n: number) => ({ tool: 'Read', input: { file_path: `f${n}` }, result: `c${n}`, is_error: false });
    expect(actions(await sequence(p, [edit(), readN(1), readN(2), readN(3), readN(4)]))).toEqual(['continue', 'continue', 'continue', 'continue', 'no_progress']);
  });

  it('plan_complete: after an edit of the plan file with no unchecked item left', async () => {
    const p = convergenceProject('forgeflare');
    writeFileSync(join(p.root, 'IMPLEMENTATION_PLAN.md'), '# Plan\n- [x] one\n- [ ] two\n');
    const editPlan = { ...edit('IMPLEMENTATION_PLAN.md') };
    expect(actions(await sequence(p, [editPlan]))).toEqual(['continue']);
    writeFileSync(join(p.root, 'IMPLEMENTATION_PLAN.md'), '# Plan\n- [x] one\n- [X] two\n');
    const [result] = await sequence(p, [editPlan]);
    assertSignal(result!, 'plan_complete');
  });

  it('every signal can be switched off', async () => {
    const p = convergenceProject('forgeflare', { signals: { clean_test: { enabled: false } } });
    expect(actions(await sequence(p, [test(), test(), test(), test()]))).not.toContain('clean_test');
  });

  it('a new forgeflare session (tool_iterations goes down) starts from a clean state', async () => {
    const p = convergenceProject('forgeflare');
    await sequence(p, [test(), test()]);
    const [again] = [await runCheck(p, ff(p, 1, test()))];
    expect(again!.json).toEqual({ action: 'continue' });
    expect(state(p).clean).toBe(1);
  });
});

describe('convergence check: Claude Code contract', () => {
  const ccTest = (p: ConvergenceProject, session = 's1') => postToolUseInput({ cwd: p.root, session_id: session, tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: { stdout: 'Tests  12 passed (12)', stderr: '', interrupted: false } });

  it('is silent without a signal and gives additionalContext on one', async () => {
    const p = convergenceProject('claude-code');
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await runCheck(p, ccTest(p)));
    expect(results.slice(0, 2).map((r) => r.stdout)).toEqual(['', '']);
    expect(results[2]!.json).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'convergence signal clean_test: 3 consecutive clean test runs with no edit in between' } });
  });

  it("claudeOutput 'block' gives decision: block with the reason", async () => {
    const p = convergenceProject('claude-code', { claudeOutput: 'block' });
    let last;
    for (let i = 0; i < 3; i++) last = await runCheck(p, ccTest(p));
    expect(last!.json).toEqual({ decision: 'block', reason: 'convergence signal clean_test: 3 consecutive clean test runs with no edit in between' });
  });

  it('counts PostToolUseFailure as a failure (additionalContext only) and keeps sessions apart', async () => {
    const p = convergenceProject('claude-code', { claudeOutput: 'block' });
    const failure = () => postToolUseFailureInput({ cwd: p.root, session_id: 's1', tool_input: { command: 'npm test' }, error: 'Exit code 1\nFAIL src/a.test.ts\nTypeError: x is not a function' });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await runCheck(p, failure()));
    expect(results[2]!.json).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: expect.stringContaining('stuck_same_error') } });
    await runCheck(p, ccTest(p, 's2'));
    expect(state(p)).toMatchObject({ session: 's2', calls: 1 });
  });
});

describe('convergence check: fail-open and the state file', () => {
  it('fails open on input that is not JSON, and on a corrupt state file it starts over', async () => {
    const p = convergenceProject('forgeflare');
    const bad = await runCheck(p, 'not json');
    expect(bad).toMatchObject({ exitCode: 0, json: { action: 'continue' } });
    expect(bad.stderr).toContain('hook input is not valid JSON; continuing');
    mkdirSync(join(p.root, '.ralph-hooks/state'), { recursive: true });
    writeFileSync(p.state, '{"calls": 3, "clean": ');
    const ok = await runCheck(p, ff(p, 1, test()));
    expect(ok.json).toEqual({ action: 'continue' });
    expect(state(p).calls).toBe(1);
  });

  it('a pattern jq cannot compile (a script edited by hand; the config refuses one) fails open as such, not as invalid input, and keeps the state', async () => {
    const p = convergenceProject('forgeflare');
    await runCheck(p, ff(p, 1, test()));
    expect(state(p).calls).toBe(1);
    writeFileSync(p.script, readFileSync(p.script, 'utf8').replace('"testCommand":"(', '"testCommand":"(('));
    const broken = await runCheck(p, ff(p, 2, test()));
    expect(broken).toMatchObject({ exitCode: 0, json: { action: 'continue' } });
    expect(broken.stderr).toContain('could not compute the new state');
    expect(broken.stderr).not.toContain('not valid JSON');
    expect(state(p).calls).toBe(1);
  });

  it('64 invocations started at once record 64 observations', async () => {
    for (const contract of ['claude-code', 'forgeflare'] as const) {
      const p = convergenceProject(contract, { signals: { no_progress: { enabled: false } } });
      const input = (i: number) => contract === 'forgeflare'
        ? ff(p, 5, { tool: 'Read', input: { file_path: `f${i}` }, result: `r${i}` })
        : postToolUseInput({ cwd: p.root, session_id: 'par', tool_name: 'Read', tool_input: { file_path: `f${i}` }, tool_response: { content: `r${i}` } });
      const results = await Promise.all(Array.from({ length: 64 }, (_, i) => runCheck(p, input(i), { timeoutMs: 60_000 })));
      expect(results.every((r) => r.exitCode === 0 && !r.stderr.includes('could not'))).toBe(true);
      const s = state(p);
      expect(s.calls, contract).toBe(64);
      expect(s.history, contract).toHaveLength(64);
      expect(new Set(s.history.map((h: { n: number }) => h.n)).size).toBe(64);
    }
  }, 120_000);

  it('a call that finds the state locked stays queued and the next run records it; one that cannot queue is counted as dropped', async () => {
    const p = convergenceProject('forgeflare', { lockTimeoutSeconds: 1, signals: { no_progress: { enabled: false } } });
    const read = (i: number) => ff(p, 2, { tool: 'Read', input: { file_path: `f${i}` }, result: `r${i}` });
    await runCheck(p, read(0));
    // Another process holds the lock until its stdin closes.
    const holder = spawn('flock', [`${p.state}.lock`, 'bash', '-c', 'echo held; cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise((resolve) => holder.stdout!.once('data', resolve));
    const queued = await runCheck(p, read(1));
    expect(queued.exitCode).toBe(0);
    expect(queued.stderr).toContain('stays queued');
    expect(readdirSync(`${p.state}.queue`)).toHaveLength(1);
    // No queue possible (a file where the folder should be): the call is dropped, and says so.
    rmSync(`${p.state}.queue`, { recursive: true });
    writeFileSync(`${p.state}.queue`, 'not a folder');
    const dropped = await runCheck(p, read(2));
    expect(dropped.exitCode).toBe(0);
    expect(dropped.stderr).toContain('dropped');
    holder.stdin!.end();
    await new Promise((resolve) => holder.once('exit', resolve));
    rmSync(`${p.state}.queue`);
    await runCheck(p, read(3));
    expect(state(p)).toMatchObject({ calls: 2, dropped: 1 });
  }, 60_000);

  it('without flock, the pid-file lock serialises parallel runs and clears a dead holder', async () => {
    const p = convergenceProject('forgeflare', { signals: { no_progress: { enabled: false } } });
    // A PATH with everything the hook needs except flock.
    const bin = tempDir('rh-noflock-');
    for (const tool of ['jq', 'mv', 'rm', 'mkdir', 'cat', 'sleep', 'bash']) {
      const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      symlinkSync(found, join(bin, tool));
    }
    const env = { PATH: bin };
    const read = (i: number) => ff(p, 2, { tool: 'Read', input: { file_path: `f${i}` }, result: `r${i}` });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => runCheck(p, read(i), { env, timeoutMs: 60_000 })));
    expect(results.every((r) => r.exitCode === 0)).toBe(true);
    expect(state(p).calls).toBe(16);
    writeFileSync(`${p.state}.lock.pid`, '999999\n'); // a holder killed with SIGKILL
    expect((await runCheck(p, read(99), { env })).stderr).not.toContain('could not lock');
    expect(state(p).calls).toBe(17);
    expect(readdirSync(join(p.root, '.ralph-hooks/state')).filter((f) => f.endsWith('.pid'))).toEqual([]);
  }, 60_000);
});
