#!/usr/bin/env node
// Every performance figure the docs quote, in one run: each benchmark below measures its
// subject against a reference started in the same run (one `jq -n 1`, one `node -e 0`, or the
// same cases through bats), so a busy machine moves both sides alike. Prints each table, then
// one line per target. (The 10,000-input fuzz run is separate: node bench/fuzz.mjs.)
// Usage: npm run build && node bench/all.mjs [--quick]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const quick = process.argv.includes('--quick');
const here = import.meta.dirname;

/** script, arguments (full run, quick run), the doc that quotes it */
const BENCHMARKS = [
  ['guard.mjs', ['60'], ['15'], 'docs/guards.md'],
  ['stop-watcher-specum.mjs', ['60'], ['15'], 'docs/presets.md'],
  ['stop-watcher-loop.mjs', ['60'], ['15'], 'docs/presets.md'],
  ['stop-watcher-loop-node.mjs', ['60'], ['15'], 'docs/presets.md'],
  ['convergence.mjs', ['60'], ['15'], 'docs/convergence.md'],
  ['replay-bench.mjs', ['--cases', '500'], ['--cases', '100'], 'docs/cases.md'],
  ['init.mjs', ['15'], ['5'], 'docs/architecture.md'],
  ['formatters.mjs', ['10'], ['3'], 'docs/formatters.md'],
  ['report.mjs', ['5'], ['2'], 'docs/reports.md'],
];

const verdicts = [];
for (const [script, full, short, doc] of BENCHMARKS) {
  console.log(`\n=== node bench/${script} ${(quick ? short : full).join(' ')}   (quoted in ${doc})`);
  const result = spawnSync(process.execPath, [resolve(here, script), ...(quick ? short : full)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(result.stdout);
  const targets = result.stdout.split('\n').filter((line) => /^target/i.test(line.trim()) || /\bratio\b.*x/i.test(line));
  verdicts.push(`${script.padEnd(28)} ${result.status === 0 ? '' : `exit ${result.status}; `}${targets.map((t) => t.trim()).join(' | ') || 'see the table above'}`);
}
console.log(`\n=== summary\n${verdicts.join('\n')}`);
