/**
 * The convergence check's state file under pressure: ten rounds of 64 calls at once on a
 * machine kept busy, and 200 runs killed with SIGKILL at random moments. Load tests: in the
 * full suite, not in the quick one (test/convergence has one round of 64 at once).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { convergenceProject, edit, FAIL, ff, PASS, runCheck, state, testRun as test } from '../convergence/helpers.js';

describe('convergence check: the state file under pressure', () => {
  it('64 invocations started at once on a machine kept busy record 64 of 64, ten rounds in a row', async () => {
    // CPU load: one busy loop per core and then some, stopped (by pid) when the test ends.
    const burners = Array.from({ length: Math.max(2, availableParallelism()) + 2 }, () => spawn('bash', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    try {
      const p = convergenceProject('forgeflare', { signals: { no_progress: { enabled: false } } });
      for (let round = 0; round < 10; round++) {
        rmSync(p.state, { force: true });
        const read = (i: number) => ff(p, 5, { tool: 'Read', input: { file_path: `f${round}-${i}` }, result: `r${i}` });
        const results = await Promise.all(Array.from({ length: 64 }, (_, i) => runCheck(p, read(i), { timeoutMs: 120_000 })));
        expect(results.every((r) => r.exitCode === 0 && r.stderr === ''), `round ${round}: ${results.map((r) => r.stderr).join('')}`).toBe(true);
        const s = state(p);
        expect(s.calls, `round ${round}`).toBe(64);
        expect(s.history.map((h: { n: number }) => h.n)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
        expect(s.dropped).toBe(0);
        expect(readdirSync(`${p.state}.queue`)).toEqual([]);
      }
    } finally {
      for (const b of burners) b.kill('SIGKILL');
    }
  }, 600_000);

  it('the state file is valid JSON after every one of 200 runs killed with SIGKILL at random moments', async () => {
    const p = convergenceProject('forgeflare');
    let killed = 0;
    let completed = 0;
    for (let i = 0; i < 200; i++) {
      const call = i % 3 === 0 ? edit(`f${i}`) : test(i % 5 === 0 ? FAIL : PASS, i % 5 === 0);
      // runHook kills the whole process group with SIGKILL when the timeout fires.
      const result = await runCheck(p, ff(p, i + 1, call), { timeoutMs: 2 + Math.floor(Math.random() * 45) });
      if (result.timedOut) killed++;
      else completed++;
      if (existsSync(p.state)) {
        const text = readFileSync(p.state, 'utf8');
        expect(() => JSON.parse(text), `run ${i}: ${text.slice(0, 80)}`).not.toThrow();
      }
    }
    // Both outcomes happened, and the lock never stayed with a dead holder.
    expect(killed).toBeGreaterThan(20);
    const after = await runCheck(p, ff(p, 1000, test()), { timeoutMs: 30_000 });
    expect(after.exitCode).toBe(0);
    expect(after.json?.action).toBeDefined();
    expect(completed + killed).toBe(200);
  }, 180_000);

});
