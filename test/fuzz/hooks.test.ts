/**
 * Fuzzing every generated hook (every preset, every target) with a fixed seed: 100 inputs
 * per hook in the test command (FUZZ_RUNS to change it), which every slow shape and input
 * family meets; the weekly long run (.github/workflows/fuzz-long.yml, bench/fuzz.mjs) draws
 * 10,000 per hook, 1–10 MB strings included. Each
 * run is checked against the contract of the hook's kind (see harness.ts); the counts are
 * printed, and any violation fails the hook's test with the first few examples.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHooks, fuzzHook, makeSandbox, prepareTmp, SLOW_SHAPES, summarize, type FuzzReport } from './harness.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const WORKERS = Number(process.env.FUZZ_WORKERS ?? 4);
// The largest huge input, in MB: every size limit in the hooks (64 KiB, 1 MiB) is crossed by
// 1–2 MB; bench/fuzz.mjs sets 10, as the long run's 1–10 MB.
const MAX_MB = Number(process.env.FUZZ_MAX_MB ?? 2);
// The hooks' own timeout is far longer (Claude Code: 600 s); a run past this is a hang.
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 60_000);
// A hook's whole test: half an hour per 1,000 inputs, far more than a loaded two-CPU machine
// needs (about a minute per 100), so a long run is never cut short while its inputs still run on.
const HOOK_TEST_MS = Math.max(1_800_000, RUNS * 1_800);

const sandbox = makeSandbox();
prepareTmp(sandbox);
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
// A build byte for byte the same as one already listed (claude-plugin's of claude-project's) is fuzzed once.
const identical: { label: string; sameAs: string }[] = [];
const hooks = buildHooks(sandbox, only ? (h) => only.test(`${h.preset}/${h.target}`) : undefined, identical);
const reports: FuzzReport[] = [];

/** FUZZ_REPORT: the counts so far, rewritten after every hook (a long run stopped early keeps them). */
function writeReport(): void {
  if (!process.env.FUZZ_REPORT) return;
  writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(reports.map((r) => ({ hook: r.hook, runs: r.runs, counts: summarize(r), shapes: r.shapes, examples: r.violations.slice(0, 20) })), null, 2));
}

afterAll(() => {
  const lines = reports.map((r) => `fuzz ${r.hook.padEnd(32)} ${String(r.runs).padStart(6)} inputs  ${String(r.violations.length).padStart(5)} violations ${JSON.stringify(summarize(r))} shapes ${JSON.stringify(r.shapes)} slowest ${r.slowest[0]?.ms ?? 0} ms (${r.slowest[0]?.input ?? ''})`);
  const same = identical.map((h) => `fuzz ${h.label.padEnd(32)} its scripts are those of ${h.sameAs}, byte for byte: fuzzed there`);
  console.log(`\nfuzz (seed ${SEED}):\n${[...lines, ...same].join('\n')}\ntotal: ${reports.reduce((n, r) => n + r.runs, 0)} inputs, ${reports.reduce((n, r) => n + r.violations.length, 0)} violations`);
  rmSync(sandbox.dir, { recursive: true, force: true });
});

describe('fuzz: every preset and target keeps its contract', () => {
  for (const hook of hooks) {
    it(`${hook.label} (${hook.kind})`, async () => {
      const report = await fuzzHook(hook, sandbox, { count: RUNS, seed: SEED, workers: WORKERS, timeoutMs: TIMEOUT_MS, maxMB: MAX_MB });
      reports.push(report);
      writeReport();
      expect(report.runs).toBe(RUNS);
      // The slow shapes are drawn for every hook (about one input in 33 each).
      for (const shape of SLOW_SHAPES) expect(report.shapes[shape], shape).toBeGreaterThan(0);
      const examples = report.violations.slice(0, 5).map((v) => `${v.property}: ${v.detail} (input: ${v.input})`);
      expect(examples, JSON.stringify(summarize(report))).toEqual([]);
    }, HOOK_TEST_MS);
  }
});
