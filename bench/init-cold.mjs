#!/usr/bin/env node
// The first command a user types, cold: `npm init ralph-hooks -- --yes` in an empty git
// repository with an empty npm cache, through a local registry (verdaccio on 127.0.0.1) that
// already holds every package, against `npm create vite` in the same run, same registry, same
// empty cache. Then the install step init prints (`npm install`), cold too: its time, the
// packages it adds and the size of node_modules.
//
// The registry is filled first through an uplink to the usual registry (a full init, the
// install, create-vite), then restarted without uplink: the timed runs download only from
// 127.0.0.1, so what they measure is what the packages cost, not the network.
//
// Usage: npm run build && node bench/init-cold.mjs [--runs N] [--repo DIR]
//   --repo  the checkout whose built packages are published (default: this one; another
//           checkout, built, gives the figures before a change)
// Target (issue 41): the init at most 3x create-vite's time.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishFrom, startRegistry } from '../test/e2e/local-registry.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, repo: { type: 'string', default: resolve(import.meta.dirname, '..') } } });
const runs = Number(values.runs);
const repo = resolve(values.repo);
const CREATE_VITE = 'vite@9.3.0'; // `npm create vite@9.3.0` runs create-vite@9.3.0 (engines ^20.19)
const RATIO_TARGET = 3;

if (!existsSync(join(repo, 'create/index.js')) && !existsSync(join(repo, 'dist'))) throw new Error(`${repo}: build it first (npm run build)`);
const work = mkdtempSync(join(tmpdir(), 'ralph-hooks-init-cold-'));
const storage = join(work, 'storage');

function timed(command, args, cwd, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return { seconds, output: result.stdout + result.stderr };
}

function newRepo(name) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** A fresh npm cache for one command. */
let caches = 0;
const coldEnv = (registry) => ({ ...registry.env, npm_config_cache: join(work, `cache-${++caches}`) });

/** Packages npx installed to run a create package: the folders with a package.json under _npx/<hash>/node_modules. */
function npxPackages(cache) {
  const root = join(cache, '_npx');
  let count = 0;
  for (const hash of existsSync(root) ? readdirSync(root) : []) {
    const walk = (dir) => {
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (name.startsWith('.')) continue;
        if (name.startsWith('@')) walk(join(dir, name));
        else if (existsSync(join(dir, name, 'package.json'))) count++;
      }
    };
    walk(join(root, hash, 'node_modules'));
  }
  return count;
}

const duBytes = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

let registry;
try {
  // ---- fill: through the uplink, everything the timed runs will ask for
  registry = await startRegistry({ work, storage, uplink: true });
  publishFrom(repo, registry);
  const fill = newRepo('fill');
  timed('npm', ['init', 'ralph-hooks', '--', '--yes'], fill, coldEnv(registry));
  timed('npm', ['install'], fill, coldEnv(registry));
  timed('npm', ['create', CREATE_VITE, 'vite-app', '--', '--template', 'vanilla'], fill, coldEnv(registry));
  await registry.stop();

  // ---- timed: offline, from 127.0.0.1 only
  registry = await startRegistry({ work, storage, uplink: false });
  const init = [];
  const vite = [];
  let createPackages;
  let installRepo;
  for (let i = 0; i < runs; i++) {
    // alternate which goes first, so a slower half of the run falls on both
    const order = i % 2 === 0 ? ['init', 'vite'] : ['vite', 'init'];
    for (const which of order) {
      if (which === 'init') {
        const dir = newRepo(`init-${i}`);
        const env = coldEnv(registry);
        init.push(timed('npm', ['init', 'ralph-hooks', '--', '--yes'], dir, env).seconds);
        createPackages = npxPackages(env.npm_config_cache);
        installRepo = dir;
      } else {
        const dir = newRepo(`vite-${i}`);
        vite.push(timed('npm', ['create', CREATE_VITE, 'vite-app', '--', '--template', 'vanilla'], dir, coldEnv(registry)).seconds);
      }
    }
  }
  // ---- the install step init prints, cold, in the last init's repository
  const install = timed('npm', ['install'], installRepo, coldEnv(registry));
  const added = Number(/added (\d+) packages?/.exec(install.output)?.[1] ?? NaN);
  const size = duBytes(join(installRepo, 'node_modules'));
  const version = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version;

  const ratio = median(init) / median(vite);
  console.log(`\ninit-cold: ralph-hooks ${version} from ${repo}, ${runs} runs, empty npm cache each, verdaccio on 127.0.0.1 (offline)`);
  console.log(`  npm init ralph-hooks -- --yes   median ${median(init).toFixed(2)} s   (${init.map((s) => s.toFixed(2)).join(', ')})`);
  console.log(`  npm create ${CREATE_VITE}         median ${median(vite).toFixed(2)} s   (${vite.map((s) => s.toFixed(2)).join(', ')})`);
  console.log(`  ratio ${ratio.toFixed(2)}x (target at most ${RATIO_TARGET}x): ${ratio <= RATIO_TARGET ? 'PASS' : 'FAIL'}`);
  console.log(`  packages the create step installed: ${createPackages}`);
  console.log(`  the printed install step (npm install): ${install.seconds.toFixed(2)} s, ${added} packages added, node_modules ${(size / 1e6).toFixed(1)} MB`);
  process.exitCode = ratio <= RATIO_TARGET ? 0 : 1;
} finally {
  await registry?.stop();
  if (!process.env.KEEP_BENCH_WORK) rmSync(work, { recursive: true, force: true });
}
