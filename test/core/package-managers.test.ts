/**
 * The project's package manager, detected and spoken everywhere: what it is detected from, and
 * the next steps init prints in each; a repository of another language gets the layout that
 * needs no package.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPackageManager } from '../../src/package-managers/index.js';
import { packageVersion } from '../../src/util/package-info.js';
import { gitRepoWith, ralphHooks } from '../helpers/cli.js';

const project = (files: Record<string, string>) => gitRepoWith(files, 'rh-pm-');

const NO_AGENT = { npm_config_user_agent: '' };

describe('detectPackageManager', () => {
  it.each([
    ['packageManager pnpm', { 'package.json': '{"packageManager":"pnpm@9.15.0"}', 'package-lock.json': '{}' }, 'pnpm', 'packageManager'],
    ['packageManager yarn 4', { 'package.json': '{"packageManager":"yarn@4.5.0+sha512.abc"}' }, 'yarn', 'packageManager'],
    ['packageManager yarn 1', { 'package.json': '{"packageManager":"yarn@1.22.22"}' }, 'yarn-classic', 'packageManager'],
    ['pnpm-lock.yaml', { 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" }, 'pnpm', 'pnpm-lock.yaml'],
    ['a pnpm workspace before its first install', { 'pnpm-workspace.yaml': 'packages: [packages/*]\n' }, 'pnpm', 'pnpm-workspace.yaml'],
    ['a berry yarn.lock', { 'yarn.lock': '# This file is generated\n\n__metadata:\n  version: 8\n' }, 'yarn', 'yarn.lock'],
    ['a classic yarn.lock', { 'yarn.lock': '# yarn lockfile v1\n' }, 'yarn-classic', 'yarn.lock'],
    ['bun.lock', { 'bun.lock': '{}' }, 'bun', 'bun.lock'],
    ['package-lock.json', { 'package-lock.json': '{}' }, 'npm', 'package-lock.json'],
  ])('%s', (_, files, id, by) => {
    const detected = detectPackageManager(project(files), { npm_config_user_agent: 'bun/1.2.0 npm/? node/v20.20.0 linux x64' });
    expect([detected.pm.id, detected.by]).toEqual([id, by]);
  });

  it.each([
    ['pnpm/10.5.2 npm/? node/v20.20.0 linux x64', 'pnpm'],
    ['yarn/4.5.0 npm/? node/v20.20.0 linux x64', 'yarn'],
    ['yarn/1.22.22 npm/? node/v20.20.0 linux x64', 'yarn-classic'],
    ['bun/1.2.19 npm/? node/v24.3.0 linux x64', 'bun'],
    ['npm/10.8.2 node/v20.20.0 linux x64 workspaces/false', 'npm'],
  ])('with no lockfile, the command that started us: %s', (agent, id) => {
    expect(detectPackageManager(project({}), { npm_config_user_agent: agent }).pm.id).toBe(id);
  });

  it('npm when nothing says otherwise', () => {
    expect(detectPackageManager(project({ 'package.json': '{}' }), NO_AGENT)).toMatchObject({ pm: { id: 'npm' }, by: 'default' });
  });
});

describe('init speaks the package manager', () => {
  const nextSteps = (output: string) => output.slice(output.indexOf('Next steps:'));

  it.each([
    ['pnpm', { 'pnpm-workspace.yaml': 'packages: [packages/*]\n', 'package.json': '{"name":"mono","private":true}\n' }, 'pnpm install', 'pnpm run test:hooks', 'pnpm exec ralph-hooks'],
    ['yarn', { 'package.json': '{"name":"app","packageManager":"yarn@4.5.0"}\n' }, 'yarn install', 'yarn run test:hooks', 'yarn ralph-hooks'],
    ['bun', { 'package.json': '{"name":"app"}\n', 'bun.lock': '{}' }, 'bun install', 'bun run test:hooks', 'bunx ralph-hooks'],
  ])('%s: install, tests, generate and doctor in its words; package.json\'s test script runs test:hooks through it', (pm, files, install, tests, ours) => {
    const root = project(files);
    const result = ralphHooks(['init', '--yes'], { cwd: root, env: NO_AGENT });
    expect(result.status, result.stderr).toBe(0);
    const steps = nextSteps(result.stdout);
    expect(steps).toContain(`  - Install what the hooks and their tests need: ${install}\n  - Run the hook tests: ${tests}\n`);
    expect(steps).toContain(`then run: ${ours} generate`);
    expect(steps).toContain(`  - Check the setup: ${ours} doctor`);
    expect(steps).not.toMatch(/\bnp[mx] /);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.test).toBe(`${pm} run test:hooks`);
    for (const lockfile of ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lockb']) if (!(lockfile in files)) expect(existsSync(join(root, lockfile)), lockfile).toBe(false);
  });

  it('started by pnpm create in an empty repository: pnpm', () => {
    const result = ralphHooks(['init', '--yes'], { cwd: project({}), env: { npm_config_user_agent: 'pnpm/10.5.2 npm/? node/v20.20.0 linux x64' } });
    expect(nextSteps(result.stdout)).toContain('need: pnpm install\n  - Run the hook tests: pnpm run test:hooks');
  });
});

describe('a repository of another language (pyproject.toml, no package.json)', () => {
  it('gets hooks, cases, bats tests and a workflow that need no package.json, and says so', () => {
    const root = project({ 'pyproject.toml': '[project]\nname = "app"\n', 'tests/test_app.py': 'def test_ok():\n    pass\n' });
    const gitStatus = () => execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
    const before = gitStatus();
    const result = ralphHooks(['init', '--yes'], { cwd: root, env: NO_AGENT });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('A Python project (pyproject.toml, no package.json): ralph-hooks added no package.json');
    const npx = `npx --yes ralph-hooks@${packageVersion()}`;
    expect(result.stdout).toContain(`  - Run the hook tests: ${npx} bats test/hooks && ${npx} test\n`);
    expect(result.stdout).not.toContain('Install what');
    expect(existsSync(join(root, 'package.json'))).toBe(false);
    const config = JSON.parse(readFileSync(join(root, 'ralph-hooks.config.json'), 'utf8'));
    expect(config.$schema).toBe(`https://unpkg.com/ralph-hooks@${packageVersion()}/schema/config.schema.json`);
    expect(config.extras).toEqual({ vitest: false, bats: true, cases: true, workflow: true, scenarios: false, packageJson: false });
    const workflow = readFileSync(join(root, '.github/workflows/ralph-hooks.yml'), 'utf8');
    expect(workflow).not.toMatch(/npm (ci|install)/);
    expect(workflow).toContain(`"${npx} bats test/hooks"`);

    // The printed commands, with this checkout's CLI in place of the published one.
    const bats = ralphHooks(['bats', 'test/hooks'], { cwd: root });
    expect(bats.status, bats.stdout + bats.stderr).toBe(0);
    expect(bats.stdout).toMatch(/^ok 1 /m);
    expect(ralphHooks(['test'], { cwd: root }).status).toBe(0);
    expect(ralphHooks(['test', '--reporter', 'junit=.ralph-hooks/reports/hook-cases.xml'], { cwd: root }).status).toBe(0);
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.status, doctor.stdout).toBe(0);

    const uninstall = ralphHooks(['uninstall', '--yes'], { cwd: root });
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(uninstall.stdout).not.toContain('Then ');
    expect(gitStatus()).toBe(before);
  });
});
