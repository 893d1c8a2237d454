// @ts-check
/**
 * The one local npm registry of the slow tests (test/e2e/registry.mjs, test/e2e/install-weight.test.ts)
 * and bench/init-cold.mjs: verdaccio 5.33 (the last line that runs on Node 20) on 127.0.0.1,
 * storage in a folder of the caller's, ralph-hooks and create-ralph-hooks published to it from a
 * checkout, every other package proxied from `npm config get registry` (the uplink) and kept in
 * that storage, so that a second server on the same storage without uplink serves them all offline.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const VERDACCIO = '5.33.0';

/** The packages of a checkout publishFrom publishes (the only ones the registry does not proxy), each with its folder. */
export const PUBLISHED = [
  { name: 'ralph-hooks', dir: '.' },
  { name: 'create-ralph-hooks', dir: 'create' },
];

/**
 * @typedef {object} LocalRegistry
 * @property {string} url `http://127.0.0.1:PORT/`
 * @property {string} npmrc a userconfig file with the token publishing needs
 * @property {string} upstream the uplink's URL (`npm config get registry`), proxied or not
 * @property {string} log the file verdaccio's output goes to
 * @property {NodeJS.ProcessEnv} env what every npm command should run in: npmEnv(), that registry, that userconfig (add npm_config_cache)
 * @property {() => Promise<void>} stop
 */

/** verdaccio, installed once per machine into the temporary folder (and reused); the path of its bin. */
export function installVerdaccio() {
  const dir = join(tmpdir(), `ralph-hooks-verdaccio-${VERDACCIO}`);
  const bin = join(dir, 'node_modules/verdaccio/bin/verdaccio');
  if (existsSync(bin)) return bin;
  // Installed beside it, then renamed into place: a failed or concurrent install leaves no half folder behind.
  const partial = `${dir}.${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // node-fetch@cjs is a dist-tag some registries do not serve.
  writeFileSync(join(partial, 'package.json'), JSON.stringify({ private: true, dependencies: { verdaccio: VERDACCIO }, overrides: { 'node-fetch': '2.7.0' } }));
  try {
    execFileSync('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund'], { cwd: partial, stdio: ['ignore', 'ignore', 'pipe'], timeout: 600_000 });
    renameSync(partial, dir);
  } catch (error) {
    if (!existsSync(bin)) throw error;
    // Another process installed it meanwhile.
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return bin;
}

/** @returns {Promise<number>} a free port on 127.0.0.1 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment npm commands run in here: no audit, funding or update notices, no colour, no npm_config_yes. */
export function npmEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1' };
  delete env.npm_config_yes;
  return env;
}

/**
 * Start verdaccio on `storage` (a folder), its config, htpasswd, userconfig and log in `work`;
 * `uplink`: proxy what it lacks from the usual registry (false: serve only what the storage
 * holds). Resolves once it answers /-/ping (60 s at most; otherwise it is stopped and the error
 * carries its log).
 * @param {{ work: string, storage: string, uplink?: boolean }} options
 * @returns {Promise<LocalRegistry>}
 */
export async function startRegistry({ work, storage, uplink = true }) {
  const bin = installVerdaccio();
  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(storage, { recursive: true });
  const config = join(work, `verdaccio-${port}.yaml`);
  const ours = (/** @type {string} */ name) => `  '${name}':\n    access: $all\n    publish: $anonymous\n`;
  writeFileSync(config, [
    `storage: ${storage}`,
    'auth:',
    '  htpasswd:',
    `    file: ${join(work, 'htpasswd')}`,
    uplink ? `uplinks:\n  upstream:\n    url: ${upstream}\n    timeout: 60s` : 'uplinks: {}',
    'packages:',
    PUBLISHED.map(({ name }) => ours(name)).join('') + `  '**':\n    access: $all\n    publish: $anonymous\n${uplink ? '    proxy: upstream\n' : ''}`,
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'));
  const npmrc = join(work, `npmrc-${port}`);
  writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=local-anonymous\n`);
  const log = join(work, `verdaccio-${port}.log`);
  const output = openSync(log, 'a');
  // The certificates the link to the public registry needs, where scripts/test.mjs put them aside.
  const caCerts = process.env.NODE_EXTRA_CA_CERTS ?? process.env.UPLINK_NODE_EXTRA_CA_CERTS;
  const serverEnv = { ...process.env, ...(caCerts ? { NODE_EXTRA_CA_CERTS: caCerts } : {}) };
  const server = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', output, output], env: serverEnv });
  /** SIGTERM, and SIGKILL when it has not exited 5 s later. */
  const stop = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const kill = setTimeout(() => server.kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill();
  }));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}-/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || i >= 120) {
      await stop();
      throw new Error(`verdaccio did not start on ${url}; its output (${log}):\n${readFileSync(log, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const env = { ...npmEnv(), npm_config_registry: url, npm_config_userconfig: npmrc };
  return { url, npmrc, upstream, log, env, stop };
}

/**
 * npm's arguments that publish the package in the current folder to `registry`
 * (--ignore-scripts: the build has run; prepack would run it again).
 * @param {Pick<LocalRegistry, 'url' | 'npmrc'>} registry
 */
export function publishArgs(registry) {
  return ['publish', '--ignore-scripts', '--registry', registry.url, '--userconfig', registry.npmrc];
}

/**
 * Publish the built packages of a checkout (ralph-hooks, then create-ralph-hooks) to `registry`.
 * @param {string} repo
 * @param {LocalRegistry} registry
 */
export function publishFrom(repo, registry) {
  for (const { dir } of PUBLISHED) {
    execFileSync('npm', publishArgs(registry), { cwd: join(repo, dir), env: registry.env, stdio: ['ignore', 'ignore', 'pipe'] });
  }
}
