#!/usr/bin/env node
// What the project's formatter adds to `generate`: the same `init --yes` project without a
// formatter, with prettier (.prettierrc), Biome (biome.json) and dprint (dprint.json, its plugins
// from npm), each formatter this repository's copy; once with nothing to do (the formatter's
// answers known from the manifest: no formatter starts), once with every generated file sent to
// the formatter (the first generate after a change of its config: here, the manifest's
// `formatter` taken out before each run). CPU time (user + system, the formatting process and
// its children included) and wall time, medians, with one `node -e 0` measured in the same run.
// Usage: npm run build && node bench/formatters.mjs [runs]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const runs = Number(process.argv[2] ?? 10);
const repo = resolve(import.meta.dirname, '..');
const cli = join(repo, 'bin/ralph-hooks.js');

/** CPU and wall seconds of one run (bash's `time`: the command and every process it waited for). */
function timeOf(args, cwd) {
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const result = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S %3R'; { time ${quoted} >/dev/null 2>&1; } 2>&1`], { cwd, encoding: 'utf8' });
  const [user, system, real] = result.stdout.trim().split(/\s+/).map(Number);
  if (![user, system, real].every(Number.isFinite)) throw new Error(`could not time ${quoted}: ${result.stdout}${result.stderr}`);
  return { cpu: user + system, wall: real };
}

const CONFIGS = {
  'no formatter': {},
  prettier: { '.prettierrc': '{ "semi": false, "singleQuote": true, "tabWidth": 4 }\n' },
  Biome: { 'biome.json': '{ "formatter": { "indentStyle": "space", "indentWidth": 4 } }\n' },
  dprint: {
    'dprint.json': `${JSON.stringify({ indentWidth: 4, typescript: {}, json: {}, markdown: {}, excludes: ['**/node_modules'], plugins: ['typescript', 'json', 'markdown'].map((p) => `./node_modules/@dprint/${p}/plugin.wasm`) }, null, 2)}\n`,
  },
};

const made = [];
function project(files) {
  const dir = mkdtempSync(join(tmpdir(), 'ralph-hooks-bench-fmt-'));
  made.push(dir);
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const init = spawnSync(process.execPath, [cli, 'init', '--yes', '--quiet'], { cwd: dir, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`init failed in ${dir}: ${init.stderr}`);
  return dir;
}

const cases = [{ name: 'node -e 0 (reference)', run: () => timeOf([process.execPath, '-e', '0'], tmpdir()) }];
const dirs = Object.entries(CONFIGS).map(([name, files]) => [name, project(files)]);
for (const [name, dir] of dirs) {
  cases.push({ name: `nothing to do: ${name}`, run: () => timeOf([process.execPath, cli, 'generate', '--quiet', '--on-conflict=fail'], dir) });
}
for (const [name, dir] of dirs.slice(1)) {
  const manifest = join(dir, '.ralph-hooks/manifest.json');
  cases.push({
    name: `every file formatted: ${name}`,
    run: () => {
      const { formatter: _, ...rest } = JSON.parse(readFileSync(manifest, 'utf8'));
      writeFileSync(manifest, JSON.stringify(rest, null, 2));
      return timeOf([process.execPath, cli, 'generate', '--quiet', '--on-conflict=fail'], dir);
    },
  });
}

const samples = cases.map(() => []);
for (let i = 0; i < runs + 2; i++) {
  cases.forEach((c, index) => {
    const t = c.run();
    if (i >= 2) samples[index].push(t); // two warm-up rounds (dprint compiles its plugins once)
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const reference = median(samples[0].map((s) => s.cpu));
const base = { cpu: median(samples[1].map((s) => s.cpu)), wall: median(samples[1].map((s) => s.wall)) };
console.log(`\ngenerate, per run, median of ${runs}: CPU (user + system), wall, and what the formatter adds to the run without one`);
for (const [index, c] of cases.entries()) {
  const cpu = median(samples[index].map((s) => s.cpu));
  const wall = median(samples[index].map((s) => s.wall));
  const added = index > 1 ? `  +${((cpu - base.cpu) * 1000).toFixed(0)} ms CPU, +${((wall - base.wall) * 1000).toFixed(0)} ms wall` : '';
  console.log(`${c.name.padEnd(34)} ${(cpu * 1000).toFixed(0).padStart(6)} ms CPU ${(cpu / reference).toFixed(1).padStart(5)}x  ${(wall * 1000).toFixed(0).padStart(6)} ms wall${added}`);
}
for (const dir of made) rmSync(dir, { recursive: true, force: true });
