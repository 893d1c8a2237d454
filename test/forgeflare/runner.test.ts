/**
 * The forgeflare simulator against the success criteria of seed 002 that concern hooks
 * and their I/O. Each test names its criterion. (Rust-internal ones — dispatch_tool's
 * signature, `threshold_tripped` as a variable, existing tests — do not apply.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRunner, readConvergence, replayForgeflare, truncateResult, type ReplayStep } from '../../testkit/index.js';
import { BODIES, bash, fixture, read } from './helpers.js';

const guardOn = (script: string, extra: object = {}) => ({ event: 'PreToolUse' as const, phase: 'guard' as const, script, ...extra });
const observe = (script: string) => ({ event: 'PreToolUse' as const, phase: 'observe' as const, script });
const post = (script: string, extra: object = {}) => ({ event: 'PostToolUse' as const, script, ...extra });
const stop = (script: string) => ({ event: 'Stop' as const, script });

describe('PreToolUse guard phase (R4)', () => {
  it('a guard block returns an error ToolResult with the hook reason', async () => {
    const f = fixture({ block: BODIES.block }, [guardOn('block', { match_tool: 'Bash' })]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('rm -rf /')] }] });
    const call = turns[0]!.calls[0]!;
    expect(call).toMatchObject({ blocked: true, isError: true, executed: false, blockedBy: 'bash hooks/block.sh' });
    expect(call.result).toBe('blocked by bash hooks/block.sh: destructive command detected');
  });

  it('a guard timeout blocks with the distinct "timed out" message', async () => {
    const f = fixture({ slow: BODIES.slow }, [guardOn('slow', { timeout_ms: 300 })]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    const started = Date.now();
    const result = await runner.runPreToolUse('Bash', { command: 'ls' }, 0);
    expect(result).toEqual({ kind: 'block', reason: 'hook failed: bash hooks/slow.sh timed out after 300ms (tool blocked by default)', blockedBy: 'bash hooks/slow.sh' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a guard crash (non-zero exit) blocks with "exited with code"', async () => {
    const f = fixture({ crash: BODIES.crash }, [guardOn('crash')]);
    const result = await HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root).runPreToolUse('Bash', { command: 'ls' }, 0);
    expect(result).toMatchObject({ kind: 'block', reason: 'hook failed: bash hooks/crash.sh exited with code 42 (tool blocked by default)' });
  });

  it('a guard answering invalid JSON (or nothing) blocks with "invalid JSON"', async () => {
    const f = fixture({ bad: BODIES.badJson, empty: BODIES.empty }, [guardOn('bad', { match_tool: 'Bash' }), guardOn('empty', { match_tool: 'Read' })]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    expect(await runner.runPreToolUse('Bash', {}, 0)).toMatchObject({ reason: 'hook failed: bash hooks/bad.sh returned invalid JSON (tool blocked by default)' });
    expect(await runner.runPreToolUse('Read', {}, 0)).toMatchObject({ reason: 'hook failed: bash hooks/empty.sh returned invalid JSON (tool blocked by default)' });
  });

  it('guards run in declaration order and the first block short-circuits the rest', async () => {
    const f = fixture({ a: BODIES.record, b: BODIES.block, c: BODIES.record }, [guardOn('a'), guardOn('b'), guardOn('c')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    // a answers `{}` (no action): invalid for a guard, so a itself blocks — use allow semantics instead:
    writeFileSync(join(f.root, 'hooks/a.sh'), `cat >> "$(dirname "$0")/a.log"; echo >> "$(dirname "$0")/a.log"; echo '{"action":"allow"}'\n`);
    const result = await runner.runPreToolUse('Bash', { command: 'x' }, 0);
    expect(result).toMatchObject({ kind: 'block', blockedBy: 'bash hooks/b.sh' });
    expect(runner.invocations.map((i) => i.command)).toEqual(['bash hooks/a.sh', 'bash hooks/b.sh']);
    expect(f.recorded('c')).toEqual([]);
  });

  it('no matching guard hooks → Allow, and match_tool is an exact match', async () => {
    const f = fixture({ block: BODIES.block }, [guardOn('block', { match_tool: 'Bash' })]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    expect(await runner.runPreToolUse('Read', {}, 0)).toEqual({ kind: 'allow' });
    expect(await runner.runPreToolUse('BashScript', {}, 0)).toEqual({ kind: 'allow' });
    expect(await runner.runPreToolUse('bash', {}, 0)).toEqual({ kind: 'allow' });
    expect(await runner.runPreToolUse('Bash', {}, 0)).toMatchObject({ kind: 'block' });
  });

  it('phase: None is "guard" for PreToolUse; ignored for PostToolUse and Stop', async () => {
    const f = fixture({ block: BODIES.block, sig: BODIES.signal, rec: BODIES.record }, [
      { event: 'PreToolUse', script: 'block' },
      { event: 'PostToolUse', phase: 'observe', script: 'sig' },
      { event: 'Stop', phase: 'guard', script: 'rec' },
    ]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    expect(await runner.runPreToolUse('Bash', {}, 0)).toMatchObject({ kind: 'block' });
    expect(await runner.runPostToolUse('Bash', {}, 'ok', false, 1)).toMatchObject({ kind: 'signal' });
    await runner.runStop('end_turn', 1, 10);
    expect(f.recorded('rec')).toHaveLength(1);
  });
});

describe('PreToolUse observe phase (R4)', () => {
  it('runs after a guard block and receives blocked: true with the block context', async () => {
    const f = fixture({ block: BODIES.block, obs: BODIES.record }, [guardOn('block'), observe('obs')]);
    await HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root).runPreToolUse('Bash', { command: 'rm -rf /' }, 3);
    expect(f.recorded('obs')).toEqual([{
      event: 'PreToolUse', phase: 'observe', tool: 'Bash', input: { command: 'rm -rf /' }, blocked: true, tool_iterations: 3, cwd: f.root,
      blocked_by: 'bash hooks/block.sh', block_reason: 'destructive command detected',
    }]);
  });

  it('runs after a guard allow and receives blocked: false without blocked_by/block_reason', async () => {
    const f = fixture({ allow: BODIES.allow, obs: BODIES.record }, [guardOn('allow'), observe('obs')]);
    await HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root).runPreToolUse('Bash', { command: 'ls' }, 5);
    const [input] = f.recorded('obs');
    expect(input).toMatchObject({ blocked: false, phase: 'observe', tool_iterations: 5 });
    expect(input).not.toHaveProperty('blocked_by');
    expect(input).not.toHaveProperty('block_reason');
  });

  it('an observe hook failure is logged and does not affect dispatch', async () => {
    const f = fixture({ crash: BODIES.crash, slow: BODIES.slow }, [observe('crash'), { event: 'PreToolUse', phase: 'observe', script: 'slow', timeout_ms: 200 }]);
    const { turns, runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('ls')] }] });
    expect(turns[0]!.calls[0]).toMatchObject({ blocked: false, executed: true });
    expect(runner.log.map((l) => l.message)).toEqual([
      'Observe hook bash hooks/crash.sh failed: exited with code 42',
      'Observe hook bash hooks/slow.sh failed: timed out after 200ms',
    ]);
  });
});

describe('PostToolUse (R5, R7)', () => {
  it('observes the tool result and records its convergence signal', async () => {
    const f = fixture({ rec: BODIES.record, sig: BODIES.signal }, [post('rec'), post('sig')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    const result = await runner.runPostToolUse('Bash', { command: 'cargo test' }, 'test result: ok. 42 passed; 0 failed', false, 3);
    expect(result).toEqual({ kind: 'signal', signal: 'clean_test', reason: '3 consecutive clean test runs' });
    expect(f.recorded('rec')[0]).toEqual({ event: 'PostToolUse', tool: 'Bash', input: { command: 'cargo test' }, result: 'test result: ok. 42 passed; 0 failed', is_error: false, tool_iterations: 3, cwd: f.root });
    expect(readConvergence(f.root)).toEqual({ observations: [{ signal: 'clean_test', reason: '3 consecutive clean test runs', tool_iterations: 3 }] });
  });

  it('a PostToolUse failure is logged and the loop goes on', async () => {
    const f = fixture({ crash: BODIES.crash, bad: BODIES.badJson }, [post('crash'), post('bad')]);
    const { turns, runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a')] }, { calls: [bash('b')] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'end_turn', toolIterations: 2 });
    expect(runner.log.map((l) => l.message)).toContain('PostToolUse hook bash hooks/crash.sh failed: exited with code 42');
    expect(runner.log.map((l) => l.message)).toContain('PostToolUse hook bash hooks/bad.sh returned invalid JSON: expected ident at line 1 column 2');
  });

  it('a signal breaks the inner loop after the batch: later tools of the batch still run, results are sent, no pop', async () => {
    const f = fixture({ sig: BODIES.signal }, [post('sig', { match_tool: 'Edit' })]);
    const batch: ReplayStep = { calls: [bash('a'), { tool: 'Edit', input: { file_path: 'x' }, result: 'ok' }, bash('c'), bash('d')] };
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [batch, { calls: [bash('never')] }] });
    const turn = turns[0]!;
    expect(turn.stopReason).toBe('convergence_signal');
    expect(turn.calls.map((c) => c.executed)).toEqual([true, true, true, true]);
    expect(turn.toolIterations).toBe(1);
    const last = turn.conversation[turn.conversation.length - 1]!;
    expect(last).toMatchObject({ role: 'user' });
    expect('toolResults' in last && last.toolResults).toHaveLength(4); // valid state: every tool_use answered
  });

  it('several PostToolUse hooks run in declaration order; the first signal wins, every signal is an observation', async () => {
    const f = fixture({ a: BODIES.continue, b: BODIES.signal, c: BODIES.signal2 }, [post('a'), post('b'), post('c')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    const result = await runner.runPostToolUse('Bash', {}, 'ok', false, 7);
    expect(result).toMatchObject({ kind: 'signal', signal: 'clean_test' });
    expect(runner.invocations.map((i) => i.command)).toEqual(['bash hooks/a.sh', 'bash hooks/b.sh', 'bash hooks/c.sh']);
    expect(readConvergence(f.root)!.observations.map((o) => [o.signal, o.tool_iterations])).toEqual([['clean_test', 7], ['lint_clean', 7]]);
  });

  it('performs one read-modify-write after all hooks, not one per hook', async () => {
    // Hook b looks at convergence.json while it runs: with per-hook writes it would already see a's observation.
    const peek = `cat >/dev/null; n=$(grep -c '"signal"' .forgeflare/convergence.json 2>/dev/null || true); echo "\${n:-0}" > hooks/peek.txt; echo '{"action":"signal","signal":"second","reason":"r"}'`;
    const f = fixture({ a: BODIES.signal, b: peek }, [post('a'), post('b')]);
    await HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root).runPostToolUse('Bash', {}, 'ok', false, 1);
    expect(readFileSync(join(f.root, 'hooks/peek.txt'), 'utf8').trim()).toBe('0');
    expect(readConvergence(f.root)!.observations).toHaveLength(2);
  });

  it('fires only for dispatched tools, never for blocked ones', async () => {
    const f = fixture({ blockBash: BODIES.blockBash, rec: BODIES.record }, [guardOn('blockBash'), post('rec')]);
    await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('x'), read('a')] }] });
    expect(f.recorded('rec').map((r) => r.tool)).toEqual(['Read']);
  });

  it('caps `result` at 5120 bytes with the truncation marker, on UTF-8 boundaries', async () => {
    expect(truncateResult('x'.repeat(5120))).toBe('x'.repeat(5120));
    const long = `${'é'.repeat(2000)}MIDDLE${'€'.repeat(2000)}`; // 2-byte and 3-byte characters
    const bytes = Buffer.byteLength(long);
    const cut = truncateResult(long);
    expect(cut).toContain(`\n... (truncated for hook, full result: ${bytes} bytes)\n`);
    expect(cut).not.toContain('\uFFFD');
    const [head, tail] = cut.split(/\n\.\.\. \(truncated for hook, full result: \d+ bytes\)\n/);
    expect(Buffer.byteLength(head!)).toBe(2560); // 1280 × 'é' ends exactly on a boundary
    // floor_char_boundary moves the tail's start back to a boundary: 2560 bytes or up to 3 more.
    expect(Buffer.byteLength(tail!)).toBeGreaterThanOrEqual(2560);
    expect(Buffer.byteLength(tail!)).toBeLessThanOrEqual(2563);
    const f = fixture({ rec: BODIES.record }, [post('rec')]);
    await HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root).runPostToolUse('Read', {}, long, false, 0);
    expect(f.recorded('rec')[0]!.result).toBe(cut);
  });
});

describe('Stop (R3, R5)', () => {
  const reasons = ['end_turn', 'iteration_limit', 'api_error', 'continuation_cap', 'block_limit_consecutive', 'block_limit_total', 'convergence_signal'] as const;
  const scripts: Record<(typeof reasons)[number], ReplayStep[]> = {
    end_turn: [{ calls: [bash('ls')] }],
    iteration_limit: Array.from({ length: 4 }, (_, i) => ({ calls: [bash(`step ${i}`)] })),
    api_error: [{ calls: [bash('ls')] }, { apiError: true }],
    continuation_cap: [{ maxTokens: true }, { maxTokens: true }, { maxTokens: true }, { maxTokens: true }],
    block_limit_consecutive: [{ calls: [bash('rm -rf /'), bash('rm -rf /'), bash('rm -rf /')] }],
    block_limit_total: Array.from({ length: 10 }, (_, i) => ({ calls: [bash(`rm ${i}`), bash('ok')] })),
    convergence_signal: [{ calls: [read('a')] }],
  };
  it('fires with the correct reason for all seven stop conditions', async () => {
    for (const reason of reasons) {
      // The guard blocks `rm …`; a Read signals convergence; the Stop hook records its input.
      const f = fixture({ blockRm: BODIES.blockRm, sig: BODIES.signal, rec: BODIES.record }, [
        guardOn('blockRm'), post('sig', { match_tool: 'Read' }), stop('rec'),
      ]);
      const limits = reason === 'iteration_limit' ? { maxToolIterations: 3 } : {};
      const { stopReason } = await replayForgeflare({ cwd: f.root, turns: scripts[reason], ...limits });
      expect(stopReason, reason).toBe(reason);
      expect(f.recorded('rec'), reason).toEqual([expect.objectContaining({ event: 'Stop', reason, cwd: f.root })]);
      expect(readConvergence(f.root)?.final?.reason, reason).toBe(reason);
    }
  }, 60_000);

  it('passes tool_iterations and total_tokens', async () => {
    const f = fixture({ rec: BODIES.record }, [stop('rec')]);
    await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a')], tokens: 1200 }, { calls: [bash('b')], tokens: 800 }] });
    expect(f.recorded('rec')[0]).toEqual({ event: 'Stop', reason: 'end_turn', tool_iterations: 2, total_tokens: 2000, cwd: f.root });
  });

  it('a Stop hook failure is logged and the session still ends (final is written)', async () => {
    const f = fixture({ crash: BODIES.crash, slow: BODIES.slow }, [stop('crash'), { event: 'Stop', script: 'slow', timeout_ms: 200 }]);
    const { runner, convergence } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a')] }] });
    expect(runner.log.map((l) => l.message)).toEqual(['Stop hook bash hooks/crash.sh failed: exited with code 42', 'Stop hook bash hooks/slow.sh failed: timed out after 200ms']);
    expect(convergence?.final?.reason).toBe('end_turn');
  });

  it('an unrecognised Stop action is logged and treated as continue', async () => {
    const f = fixture({ weird: BODIES.stopSignal }, [stop('weird')]);
    const { runner, convergence } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a')] }] });
    expect(runner.log).toEqual([{ level: 'warn', message: 'Stop hook bash hooks/weird.sh returned unrecognized action: signal' }]);
    expect(runner.invocations[0]!.outcome).toBe('unrecognized action "signal" treated as continue');
    expect(convergence?.final?.reason).toBe('end_turn');
  });
});

describe('block counters (R6)', () => {
  const blockAll = () => fixture({ block: BODIES.block, obs: BODIES.record }, [guardOn('block'), observe('obs')]);

  it('3 consecutive blocks break the inner loop with conversation.pop(); the batch is abandoned', async () => {
    const f = blockAll();
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('1'), bash('2'), bash('3'), bash('4')] }] });
    const turn = turns[0]!;
    expect(turn).toMatchObject({ stopReason: 'block_limit_consecutive', toolIterations: 0, consecutiveBlocks: 3, totalBlocks: 3 });
    expect(turn.calls).toHaveLength(3); // the 4th is never evaluated
    expect(f.recorded('obs')).toHaveLength(3); // observe hooks ran for each blocked call
    expect(turn.conversation.map((m) => m.role)).toEqual(['user']); // Assistant(tool_use×4) popped
  });

  it('sequential path: threshold check inside the blocked branch, pop after the loop, tool_iterations not advanced', async () => {
    const f = fixture({ blockBash: BODIES.blockBash, rec: BODIES.record }, [guardOn('blockBash'), post('rec')]);
    const { turns } = await replayForgeflare({
      cwd: f.root,
      turns: [{ calls: [read('a')] }, { calls: [{ tool: 'Edit', input: { file_path: 'x' }, result: 'edited' }, bash('1'), bash('2'), bash('3'), read('never')] }],
    });
    const turn = turns[0]!;
    expect(turn.stopReason).toBe('block_limit_consecutive');
    expect(turn.toolIterations).toBe(1); // only the first batch counted
    const second = turn.calls.filter((c) => c.step === 1);
    expect(second.map((c) => [c.tool, c.blocked, c.executed])).toEqual([['Edit', false, true], ['Bash', true, false], ['Bash', true, false], ['Bash', true, false]]);
    // The Edit ran (and its PostToolUse fired) before the trip; its result is discarded with the batch.
    expect(f.recorded('rec').map((r) => r.tool)).toEqual(['Read', 'Edit']);
    expect(turn.conversation.map((m) => m.role)).toEqual(['user', 'assistant', 'user']); // Assistant(tool_use×5) popped, no results sent
  });

  it('10 total blocks break the loop even when allowed calls keep resetting the consecutive counter', async () => {
    const f = fixture({ blockBash: BODIES.blockBash }, [guardOn('blockBash')]);
    const steps = Array.from({ length: 12 }, (_, i) => ({ calls: [bash(`b${i}`), bash(`c${i}`), { tool: 'Edit', input: { file_path: `f${i}` }, result: 'ok' }] }));
    const { turns } = await replayForgeflare({ cwd: f.root, turns: steps });
    expect(turns[0]).toMatchObject({ stopReason: 'block_limit_total', totalBlocks: 10, toolIterations: 4 });
  });

  it('the consecutive counter resets on a successful dispatch; the total does not reset within the turn', async () => {
    const f = fixture({ blockBash: BODIES.blockBash }, [guardOn('blockBash')]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('1'), bash('2'), read('x'), bash('3'), bash('4'), read('y')], path: 'sequential' }] });
    expect(turns[0]).toMatchObject({ stopReason: 'end_turn', consecutiveBlocks: 0, totalBlocks: 4 });
  });

  it('both counters reset on new user input (outer loop)', async () => {
    const f = fixture({ blockBash: BODIES.blockBash }, [guardOn('blockBash')]);
    const turn = { steps: [{ calls: [bash('1'), bash('2'), read('x')], path: 'sequential' as const }] };
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [turn, turn, turn, turn, turn, turn] });
    // 12 blocks in all, but never 3 in a row nor 10 within one user input.
    expect(turns.map((t) => t.stopReason)).toEqual(Array(6).fill('end_turn'));
    expect(turns.map((t) => t.totalBlocks)).toEqual(Array(6).fill(2));
  });

  it('block threshold takes precedence over signal_break (sequential)', async () => {
    const f = fixture({ blockBash: BODIES.blockBash, sig: BODIES.signal }, [guardOn('blockBash'), post('sig')]);
    const { turns, convergence } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [read('a'), bash('1'), bash('2'), bash('3')], path: 'sequential' }] });
    expect(turns[0]!.stopReason).toBe('block_limit_consecutive');
    expect(turns[0]!.conversation.map((m) => m.role)).toEqual(['user']); // popped
    expect(convergence?.observations).toHaveLength(1); // the signal was still recorded
  });
});

describe('parallel path (R9)', () => {
  it('checks the threshold per tool before each spawn; spawned tools complete, PostToolUse is skipped, the batch is popped', async () => {
    const blockB = `input=$(cat); if [[ $input == *'"file_path":"b'* ]]; then echo '{"action":"block","reason":"no b"}'; else echo '{"action":"allow"}'; fi`;
    const f = fixture({ guard: blockB, sig: BODIES.signal }, [guardOn('guard'), post('sig')]);
    const executed: string[] = [];
    const { turns, convergence } = await replayForgeflare({
      cwd: f.root,
      turns: [{ calls: [read('a1'), read('b1'), read('b2'), read('b3'), read('a2')] }],
      execute: (call) => {
        executed.push(String(call.input?.file_path));
        return { result: 'ok' };
      },
    });
    const turn = turns[0]!;
    expect(turn.stopReason).toBe('block_limit_consecutive');
    expect(executed).toEqual(['a1']); // a2 never evaluated: the threshold tripped at b3
    expect(turn.calls.map((c) => c.blocked)).toEqual([false, true, true, true]);
    expect(convergence?.observations ?? []).toEqual([]); // PostToolUse skipped for the whole batch
    expect(turn.conversation.map((m) => m.role)).toEqual(['user']);
  });

  it('resets the consecutive counter at guard-allow time, before the tools run', async () => {
    const blockB = `input=$(cat); if [[ $input == *'"file_path":"b'* ]]; then echo '{"action":"block","reason":"no b"}'; else echo '{"action":"allow"}'; fi`;
    const f = fixture({ guard: blockB }, [guardOn('guard')]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [read('b1'), read('b2'), read('a'), read('b3'), read('b4')] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'end_turn', consecutiveBlocks: 2, totalBlocks: 4 });
  });

  it('keeps tool_use order in its results and skips blocked slots in the PostToolUse loop', async () => {
    const blockB = `input=$(cat); if [[ $input == *'"file_path":"b'* ]]; then echo '{"action":"block","reason":"no b"}'; else echo '{"action":"allow"}'; fi`;
    const f = fixture({ guard: blockB, rec: BODIES.record }, [guardOn('guard'), post('rec')]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [read('a1'), read('b1'), read('a2'), read('a3')] }] });
    const results = turns[0]!.conversation.find((m) => 'toolResults' in m) as { toolResults: { content: string; isError: boolean }[] };
    expect(results.toolResults.map((r) => r.content)).toEqual(['contents of a1', 'blocked by bash hooks/guard.sh: no b', 'contents of a2', 'contents of a3']);
    expect(f.recorded('rec').map((r) => (r.input as { file_path: string }).file_path)).toEqual(['a1', 'a2', 'a3']);
  });

  it('block threshold takes precedence over signal_break (parallel)', async () => {
    const blockB = `input=$(cat); if [[ $input == *'"file_path":"b'* ]]; then echo '{"action":"block","reason":"no b"}'; else echo '{"action":"allow"}'; fi`;
    const f = fixture({ guard: blockB, sig: BODIES.signal }, [guardOn('guard'), post('sig')]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [read('a'), read('b1'), read('b2'), read('b3')] }] });
    expect(turns[0]!.stopReason).toBe('block_limit_consecutive');
  });
});

describe('convergence.json (R8)', () => {
  it('has distinct observations and final keys', async () => {
    const f = fixture({ sig: BODIES.signal, rec: BODIES.record }, [post('sig'), stop('rec')]);
    const { convergence } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('cargo test')], tokens: 45000 }] });
    expect(Object.keys(convergence!)).toEqual(['observations', 'final']);
    expect(convergence).toEqual({
      observations: [{ signal: 'clean_test', reason: '3 consecutive clean test runs', tool_iterations: 0 }],
      final: { reason: 'convergence_signal', tool_iterations: 1, total_tokens: 45000, timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6}|\.\d{9})?\+00:00$/) },
    });
  });

  it('is written atomically: a reader polling it during 200 writes never sees partial JSON, and no .tmp is left', async () => {
    const f = fixture({ sig: BODIES.signal }, [post('sig')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    const path = join(f.root, '.forgeflare/convergence.json');
    let reads = 0;
    let broken = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        if (existsSync(path)) {
          try {
            JSON.parse(readFileSync(path, 'utf8'));
            reads++;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') broken++;
          }
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    // Drive the write path directly (one hook run per write would take minutes).
    for (let i = 0; i < 200; i++) (runner as unknown as { writeConvergence(m: (s: { observations: unknown[] }) => void): void }).writeConvergence((s) => s.observations.push({ signal: 's', reason: 'x'.repeat(2000), tool_iterations: i }));
    await new Promise((r) => setTimeout(r, 20));
    polling = false;
    await poll;
    expect(broken).toBe(0);
    expect(readConvergence(f.root)!.observations).toHaveLength(200);
    expect(existsSync(`${path}.tmp`)).toBe(false);
    expect(reads).toBeGreaterThan(0);
  });

  it('a stale convergence.json is deleted at startup; .forgeflare/ is created before the first write', async () => {
    const f = fixture({ sig: BODIES.signal }, [post('sig')]);
    writeFileSync(join(f.root, '.forgeflare/convergence.json'), JSON.stringify({ observations: [{ signal: 'old', reason: 'stale', tool_iterations: 9 }], final: { reason: 'end_turn' } }));
    const { convergence } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a')] }] });
    expect(convergence!.observations.map((o) => o.signal)).toEqual(['clean_test']);

    // .forgeflare/ missing entirely (hooks.toml elsewhere): created on the first write.
    const g = fixture({ sig: BODIES.signal }, []);
    const runner = new HookRunner([{ event: 'PostToolUse', command: 'bash hooks/sig.sh' }], g.root);
    expect(existsSync(join(g.root, '.forgeflare'))).toBe(false);
    await runner.runPostToolUse('Bash', {}, 'ok', false, 0);
    expect(readConvergence(g.root)!.observations).toHaveLength(1);
  });

  it('clearConvergenceState warns on errors other than NotFound and goes on', () => {
    const f = fixture({}, []);
    mkdirSync(join(f.root, '.forgeflare/convergence.json/inside'), { recursive: true }); // a folder: remove fails with EISDIR
    const runner = new HookRunner([], f.root);
    runner.clearConvergenceState();
    expect(runner.log[0]!.message).toBe(`Warning: failed to remove ${join(f.root, '.forgeflare/convergence.json')}: Is a directory (os error 21)`);
    new HookRunner([], join(f.root, 'nowhere')).clearConvergenceState(); // NotFound: silent
  });

  it('write failures are warnings: the signal is still returned and run_stop completes', async () => {
    const f = fixture({ sig: BODIES.signal, rec: BODIES.record }, [post('sig'), stop('rec')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    mkdirSync(join(f.root, '.forgeflare/convergence.json.tmp'), { recursive: true }); // the temp path is a folder: writes fail
    expect(await runner.runPostToolUse('Bash', {}, 'ok', false, 1)).toMatchObject({ kind: 'signal' });
    await runner.runStop('convergence_signal', 1, 10);
    expect(f.recorded('rec')).toHaveLength(1);
    expect(runner.log.map((l) => l.message).filter((m) => m.startsWith('Warning'))).toEqual([
      'Warning: failed to write convergence observations: Is a directory (os error 21)',
      'Warning: failed to write convergence final state: Is a directory (os error 21)',
    ]);
  });

  it('final is written once per session (first stop wins) with the design option writeFinal: once-per-session', async () => {
    const f = fixture({ rec: BODIES.record }, [stop('rec')]);
    const { convergence } = await replayForgeflare({ cwd: f.root, writeFinal: 'once-per-session', turns: [{ steps: [{ apiError: true }] }, { steps: [{ calls: [bash('a')] }] }] });
    expect(convergence?.final?.reason).toBe('api_error');
    expect(f.recorded('rec').map((r) => r.reason)).toEqual(['api_error', 'end_turn']);
  });
});

describe('unconfigured and I/O details', () => {
  it('no hooks.toml: every method is a no-op and nothing is written (design option writeFinal: once-per-session)', async () => {
    const f = fixture({}, []);
    const { turns, convergence, runner } = await replayForgeflare({ cwd: f.root, writeFinal: 'once-per-session', turns: [{ calls: [bash('rm -rf /'), read('x')] }] });
    expect(runner.hasHooks).toBe(false);
    expect(turns[0]!.calls.every((c) => !c.blocked && c.executed)).toBe(true);
    expect(runner.invocations).toEqual([]);
    expect(convergence).toBeUndefined();
    expect(existsSync(join(f.root, '.forgeflare'))).toBe(false);
  });

  it('a hooks.toml that does not parse is logged and runs no hooks (as forgeflare does)', () => {
    const f = fixture({}, []);
    mkdirSync(join(f.root, '.forgeflare'));
    writeFileSync(join(f.root, '.forgeflare/hooks.toml'), '[[hooks]]\nevent = PreToolUse\n');
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    expect(runner.hasHooks).toBe(false);
    expect(runner.log[0]!.message).toMatch(/^Failed to parse .*hooks\.toml: TOML parse error at line 2, column 9\n/);
  });

  it('hook stderr is forwarded (kept in order, and copied to stderr with forwardStderr)', async () => {
    const f = fixture({ noisy: BODIES.stderr }, [guardOn('noisy')]);
    const { runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('ls')] }] });
    expect(runner.stderr).toEqual([{ command: 'bash hooks/noisy.sh', text: 'debug line from hook\n' }]);
  });

  it('hooks run with bash -c in the project root, without Claude Code variables', async () => {
    const env = `cat >/dev/null; printf '{"action":"allow","pwd":"%s","cpd":"%s"}' "$PWD" "\${CLAUDE_PROJECT_DIR-unset}"`;
    const f = fixture({ env }, [guardOn('env')]);
    const runner = HookRunner.load(join(f.root, '.forgeflare/hooks.toml'), f.root);
    await runner.runPreToolUse('Bash', {}, 0);
    expect(runner.invocations[0]!.result!.json).toMatchObject({ pwd: f.root, cpd: 'unset' });
  });
});
