#!/usr/bin/env node
// The long fuzz run: 10,000 generated inputs per hook (every preset, every target), the
// same harness and seed as the CI suite (test/fuzz), and a table of contract violations per
// preset and target. Usage: node bench/fuzz.mjs [inputs per hook] [seed]
// Runs the suite through vitest, which compiles the TypeScript harness; FUZZ_ONLY=<regex>
// picks hooks (e.g. FUZZ_ONLY=guard); FUZZ_REPORT=<file> keeps the per-hook counts, written
// after every hook, so a run stopped early still tells what it found. It is long: on two
// CPUs, with two or three parts side by side, one hook takes 12–22 minutes (10,000 inputs,
// 1–10 MB strings among them), so run it in parts with FUZZ_ONLY, one report file each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = process.argv[2] ?? '10000';
const seed = process.argv[3] ?? '20261122';
const dir = mkdtempSync(join(tmpdir(), 'rh-fuzz-bench-'));
const report = process.env.FUZZ_REPORT ?? join(dir, 'report.json');
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz', '--reporter=dot'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_REPORT: report, FUZZ_MAX_MB: process.env.FUZZ_MAX_MB ?? '10' },
});
const rows = JSON.parse(readFileSync(report, 'utf8'));
rmSync(dir, { recursive: true, force: true });
console.log(`\nfuzz: ${runs} inputs per hook, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
const width = Math.max(...rows.map((r) => r.hook.length));
console.log(`${'preset/target'.padEnd(width)}  inputs  violations  by property`);
for (const r of rows) {
  const total = Object.values(r.counts).reduce((a, b) => a + b, 0);
  console.log(`${r.hook.padEnd(width)}  ${String(r.runs).padStart(6)}  ${String(total).padStart(10)}  ${JSON.stringify(r.counts)}`);
}
const violations = rows.reduce((n, r) => n + Object.values(r.counts).reduce((a, b) => a + b, 0), 0);
console.log(`target: 0 violations for every preset and target → ${violations === 0 ? 'met' : `NOT met (${violations})`}`);
process.exit(result.status ?? 1);
