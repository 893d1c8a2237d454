#!/usr/bin/env node
// Where the test suite's time goes: each vitest file run alone, one worker, with the wall time
// and the CPU time of everything it started (bash's `times`: the hooks, jq, the agent CLIs).
// On two cores the suite cannot take less wall time than its CPU time over two, so the CPU
// column says which files a faster suite has to make cheaper; wall far above CPU means waiting.
// Usage: npm run build && node bench/suite-cpu.mjs [file or folder under test/ ...]
// (no argument: every file, which takes as long as the suite itself).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(import.meta.url), '../..');

function testFiles(path) {
  if (statSync(path).isFile()) return path.endsWith('.test.ts') ? [path] : [];
  return readdirSync(path).sort().flatMap((entry) => testFiles(join(path, entry)));
}

/** bash's `times` second line: the children's user and system time, as `0m1.234s 0m0.456s`. */
function childSeconds(times) {
  const line = times.trim().split('\n').at(-1) ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

const args = process.argv.slice(2);
const files = (args.length ? args : ['test']).flatMap((arg) => testFiles(resolve(repo, arg)));
const rows = [];
for (const file of files) {
  const name = relative(repo, file);
  const started = process.hrtime.bigint();
  const run = spawnSync('bash', ['-c', 'npx vitest run "$1" --maxWorkers=1 >/dev/null 2>&1; status=$?; times; exit $status', 'bash', name], { cwd: repo, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  rows.push({ name, wall, cpu: childSeconds(run.stdout), ok: run.status === 0 });
  console.error(`${name}: ${wall.toFixed(1)} s wall, ${childSeconds(run.stdout).toFixed(1)} s CPU${run.status === 0 ? '' : ' (failed)'}`);
}

rows.sort((a, b) => b.cpu - a.cpu);
const total = rows.reduce((sum, row) => ({ wall: sum.wall + row.wall, cpu: sum.cpu + row.cpu }), { wall: 0, cpu: 0 });
console.log(`\n${'file'.padEnd(52)} ${'CPU s'.padStart(8)} ${'wall s'.padStart(8)} ${'share'.padStart(6)}`);
for (const row of rows) {
  console.log(`${row.name.padEnd(52)} ${row.cpu.toFixed(1).padStart(8)} ${row.wall.toFixed(1).padStart(8)} ${`${Math.round((100 * row.cpu) / total.cpu)}%`.padStart(6)}${row.ok ? '' : '  failed'}`);
}
console.log(`${'all'.padEnd(52)} ${total.cpu.toFixed(1).padStart(8)} ${total.wall.toFixed(1).padStart(8)}`);
console.log(`\nOn 2 cores the suite needs at least ${(total.cpu / 2 / 60).toFixed(1)} minutes of wall time (CPU / 2).`);
