/**
 * What installing ralph-hooks costs a repository (issue 41): the packages published to a local
 * registry (test/e2e/local-registry.mjs), a project set up by `npm init ralph-hooks -- --yes`
 * (create-ralph-hooks, bundled), then the printed install step with each package manager from
 * an empty cache: npm adds at most 70 packages (vitest's included) and none of Yeoman's, and
 * no package manager says a word about peer dependencies. Then `ralph-hooks init` on a terminal
 * from the installed package, which has no Yeoman to install: it carries its generator bundled.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';
import { type LocalRegistry, publishFrom, startRegistry } from './local-registry.mjs';

/** The package managers, pinned as the repository shapes pin them (test/e2e/shapes/lifecycle.mjs). */
const TOOLS = ['pnpm@10.34.9', '@yarnpkg/cli-dist@4.18.1', 'bun@1.4.5'];
const MAX_PACKAGES = 70;

/** Lines of an install's output that speak of peer dependencies (each manager's wording and codes). */
const PEER_WARNING = /peer|YN0002|YN0060|YN0086/i;

let work: string;
let registry: LocalRegistry;
let tools: string;

/** The environment of one install: the local registry, and a home and caches of its own (empty). */
function coldEnv(name: string): NodeJS.ProcessEnv {
  const home = join(work, `home-${name}`);
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...registry.env,
    HOME: home,
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local/state'),
    npm_config_cache: join(home, '.npm'),
    npm_config_store_dir: join(home, 'pnpm-store'),
    BUN_CONFIG_REGISTRY: registry.url,
    BUN_INSTALL_CACHE_DIR: join(home, 'bun-cache'),
    YARN_NPM_REGISTRY_SERVER: registry.url.replace(/\/$/, ''),
    YARN_UNSAFE_HTTP_WHITELIST: '127.0.0.1',
    YARN_ENABLE_TELEMETRY: '0',
    YARN_NPM_PREAPPROVED_PACKAGES: 'ralph-hooks,create-ralph-hooks',
    YARN_CACHE_FOLDER: join(home, 'yarn-cache'),
    YARN_GLOBAL_FOLDER: join(home, 'yarn-global'),
    YARN_ENABLE_GLOBAL_CACHE: '0',
    PATH: `${join(tools, 'node_modules/.bin')}:${process.env.PATH}`,
    DO_NOT_TRACK: '1',
  };
  delete env.CI;
  delete env.GITHUB_ACTIONS;
  return env;
}

/** A git repository set up as `npm init ralph-hooks -- --yes` does it (the bundled create package). */
function initialized(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync(process.execPath, [join(REPO_ROOT, 'create/index.js'), '--yes', '--quiet'], { cwd: dir, env: { ...process.env, npm_config_yes: '' } });
  return dir;
}

function install(command: string, args: string[], dir: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, { cwd: dir, env, encoding: 'utf8', timeout: 600_000 });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).toBe(0);
  return output;
}

const peerLines = (output: string) => output.split('\n').filter((line) => PEER_WARNING.test(line));

beforeAll(async () => {
  work = tempDir('rh-install-weight-');
  registry = await startRegistry({ work, storage: join(work, 'storage'), uplink: true });
  publishFrom(REPO_ROOT, registry);
  tools = join(work, 'tools');
  mkdirSync(tools);
  writeFileSync(join(tools, 'package.json'), '{ "private": true }\n');
  install('npm', ['install', '--no-package-lock', '--no-save', ...TOOLS], tools, { ...registry.env, npm_config_cache: join(work, 'tools-cache') });
}, 600_000);

afterAll(async () => {
  await registry?.stop();
  // Some hundreds of MB of caches and stores.
  if (!process.env.KEEP_E2E_WORK) rmSync(work, { recursive: true, force: true });
});

describe('the printed install step, from an empty cache', () => {
  it(`npm install: at most ${MAX_PACKAGES} packages, vitest's included, none of Yeoman's, no peer warning`, () => {
    const dir = initialized('npm');
    const output = install('npm', ['install'], dir, coldEnv('npm'));
    const added = Number(/added (\d+) packages?/.exec(output)?.[1]);
    expect(added, output).toBeGreaterThan(10);
    expect(added, output).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(existsSync(join(dir, 'node_modules/vitest/package.json'))).toBe(true);
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).filter((path) => /yeoman|inquirer|mem-fs/.test(path))).toEqual([]);
    expect(peerLines(output)).toEqual([]);
  });

  it('pnpm install: no peer warning', () => {
    const dir = initialized('pnpm');
    const output = install('pnpm', ['install'], dir, coldEnv('pnpm'));
    expect(output).toMatch(/ralph-hooks/);
    expect(peerLines(output)).toEqual([]);
  });

  it('yarn install (berry): no peer warning, nor any other but the one of every ESM package under Plug\'n\'Play', () => {
    const dir = initialized('yarn');
    // vite 8.4.0 (2026-11-26, under vitest ^4.1.12) lists an optional dependency the registry
    // answers 404 for (napi-windows-process-start-time): npm and pnpm skip it, yarn berry fails
    // resolving it, whoever's package. Held at 8.3.8 here: this test is about peer dependencies.
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, resolutions: { vite: '8.3.8' } }, null, 2));
    const output = install('yarn', ['install'], dir, coldEnv('yarn'));
    expect(output).toMatch(/YN0000/); // yarn berry's own report
    expect(peerLines(output)).toEqual([]);
    // It ends "Done with warnings" all the same, for YN0092 (ESM support for PnP is experimental):
    // vitest is ESM too. Any other code than the step reports and that one fails here.
    expect(output.split('\n').filter((line) => /YN\d{4}/.test(line) && !/YN0000|YN0085|YN0013|YN0092/.test(line))).toEqual([]);
  });

  it('bun install: no peer warning', () => {
    const dir = initialized('bun');
    const output = install('bun', ['install'], dir, coldEnv('bun'));
    expect(existsSync(join(dir, 'node_modules/ralph-hooks/package.json'))).toBe(true);
    expect(peerLines(output)).toEqual([]);
  });
});

describe('yarn create ralph-hooks (berry, Plug\'n\'Play)', () => {
  it("runs the bundle from yarn's cache (a zip) and formats with the project's prettier: the formatting process runs a copy", () => {
    const dir = join(work, 'yarn-pnp-prettier');
    mkdirSync(dir);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'pnp-app', private: true, devDependencies: { prettier: '3.10.1' } }, null, 2));
    writeFileSync(join(dir, '.prettierrc.json'), '{ "useTabs": true }\n');
    const env = coldEnv('yarn-create');
    install('yarn', ['install'], dir, env);
    expect(existsSync(join(dir, '.pnp.cjs'))).toBe(true);
    const output = install('yarn', ['create', 'ralph-hooks', '--yes', '--no-package-json'], dir, env);
    expect(output).not.toMatch(/could not run prettier|written as generated/);
    expect(readFileSync(join(dir, 'test/hooks/stop-watcher.vitest.ts'), 'utf8')).toMatch(/^\t/m);
  });
});

describe('ralph-hooks init from the installed package', () => {
  it('on a terminal runs the Yeoman generator it carries (no Yeoman installed) and writes the answers', () => {
    const installed = join(work, 'npm');
    expect(existsSync(join(installed, 'node_modules/yeoman-environment'))).toBe(false);
    const dir = join(work, 'terminal');
    mkdirSync(dir);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    // target: down once (claude-plugin); every other question and "write them": Enter (typed ahead).
    const cli = join(installed, 'node_modules/ralph-hooks/bin/ralph-hooks.js');
    const result = spawnSync('script', ['-qec', `node ${cli} init`, '/dev/null'], { cwd: dir, encoding: 'utf8', input: '\x1b[B\r\r\r\r\r\r\r', env: { ...process.env, NO_COLOR: '1', npm_config_yes: '' }, timeout: 120_000 });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('Write the files for target claude-plugin');
    expect(JSON.parse(readFileSync(join(dir, 'ralph-hooks.config.json'), 'utf8')).target).toBe('claude-plugin');
  });
});
