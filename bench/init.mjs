#!/usr/bin/env node
// CPU time (user + system) of `ralph-hooks init --yes` in an empty repository, `--help` and a
// no-op `generate`, each against one `node -e 0` start measured in the same run. CPU, not wall
// time: what a busy machine does to the clock does not change the ratio much.
// Usage: npm run build && node bench/init.mjs [runs]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const runs = Number(process.argv[2] ?? 15);
const cli = resolve(import.meta.dirname, '../bin/ralph-hooks.js');
const TARGET = 10;

/** CPU seconds of one run of `args` (bash's `time` reports its children's user and system time). */
function cpuOf(args, cwd) {
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const result = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; { time ${quoted} >/dev/null 2>&1; } 2>&1`], { cwd, encoding: 'utf8' });
  const [user, system] = result.stdout.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(user) || !Number.isFinite(system)) throw new Error(`could not time ${quoted}: ${result.stdout}${result.stderr}`);
  return user + system;
}

function freshRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-init-'));
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

const generated = freshRepo();
spawnSync(process.execPath, [cli, 'init', '--yes', '--quiet'], { cwd: generated });

const cases = [
  { name: 'node -e 0 (reference)', run: () => cpuOf([process.execPath, '-e', '0'], generated) },
  { name: 'ralph-hooks --help', run: () => cpuOf([process.execPath, cli, '--help'], generated) },
  { name: 'ralph-hooks generate (nothing to do)', run: () => cpuOf([process.execPath, cli, 'generate', '--quiet'], generated) },
  {
    name: 'ralph-hooks init --yes (empty repository)',
    run: () => {
      const dir = freshRepo();
      try {
        return cpuOf([process.execPath, cli, 'init', '--yes', '--quiet'], dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];

const samples = cases.map(() => []);
for (let i = 0; i < runs + 2; i++) {
  cases.forEach((c, index) => {
    const cpu = c.run();
    if (i >= 2) samples[index].push(cpu); // two warm-up rounds
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const reference = median(samples[0]);
console.log(`\nCPU time per run (user + system), median of ${runs}`);
for (const [index, c] of cases.entries()) {
  const m = median(samples[index]);
  console.log(`${c.name.padEnd(42)} ${(m * 1000).toFixed(0).padStart(6)} ms  ${(m / reference).toFixed(1).padStart(5)}x`);
}
const initRatio = median(samples[3]) / reference;
console.log(`target: init --yes ≤ ${TARGET}x node -e 0 → ${initRatio <= TARGET ? 'met' : 'NOT met'} (${initRatio.toFixed(1)}x)`);
rmSync(generated, { recursive: true, force: true });
