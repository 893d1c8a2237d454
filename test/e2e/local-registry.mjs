/**
 * A local npm registry for the slow tests and bench/init-cold.mjs, as test/e2e/registry.sh makes
 * one: verdaccio 5.33 (the last line that runs on Node 20) on 127.0.0.1, storage in a folder of
 * the caller's, ralph-hooks and create-ralph-hooks published to it from a checkout, every other
 * package proxied from `npm config get registry` (the uplink) and kept in that storage, so that
 * a second server on the same storage without uplink serves them all offline.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERDACCIO = '5.33.0';

/** verdaccio, installed once per machine into the temporary folder (and reused). */
export function installVerdaccio() {
  const dir = join(tmpdir(), `ralph-hooks-verdaccio-${VERDACCIO}`);
  const bin = join(dir, 'node_modules/verdaccio/bin/verdaccio');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  // node-fetch@cjs is a dist-tag some registries do not serve (see test/e2e/registry.sh).
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: { verdaccio: VERDACCIO }, overrides: { 'node-fetch': '2.7.0' } }));
  execFileSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start verdaccio on `storage` (a folder); `uplink`: proxy what it lacks from the usual registry
 * (false: serve only what the storage holds). Returns the registry URL, a userconfig file with
 * the token publishing needs, the environment every npm command should run with (that registry,
 * that userconfig; add npm_config_cache), and stop().
 */
export async function startRegistry({ work, storage, uplink = true }) {
  const bin = installVerdaccio();
  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(storage, { recursive: true });
  const config = join(work, `verdaccio-${port}.yaml`);
  const ours = (name) => `  '${name}':\n    access: $all\n    publish: $anonymous\n`;
  writeFileSync(config, [
    `storage: ${storage}`,
    'auth:',
    '  htpasswd:',
    `    file: ${join(work, 'htpasswd')}`,
    uplink ? `uplinks:\n  upstream:\n    url: ${upstream}\n    timeout: 60s` : 'uplinks: {}',
    'packages:',
    ours('ralph-hooks') + ours('create-ralph-hooks') + `  '**':\n    access: $all\n    publish: $anonymous\n${uplink ? '    proxy: upstream\n' : ''}`,
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'));
  const npmrc = join(work, `npmrc-${port}`);
  writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=local-anonymous\n`);
  const server = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], { stdio: 'ignore' });
  const stop = () => new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill();
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || i > 120) {
      await stop();
      throw new Error(`verdaccio did not start on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const env = {
    ...process.env,
    npm_config_registry: url,
    npm_config_userconfig: npmrc,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NO_COLOR: '1',
  };
  delete env.npm_config_yes;
  return { url, npmrc, env, stop };
}

/** Publish the built packages of a checkout (ralph-hooks, then create-ralph-hooks) to `registry`. */
export function publishFrom(repo, registry) {
  for (const dir of [repo, join(repo, 'create')]) {
    execFileSync('npm', ['publish', '--ignore-scripts', '--registry', registry.url, '--userconfig', registry.npmrc], { cwd: dir, env: registry.env, stdio: ['ignore', 'ignore', 'pipe'] });
  }
}
