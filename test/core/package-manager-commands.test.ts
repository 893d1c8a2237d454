/**
 * The one builder of every printed command (src/package-managers/command.ts): each package
 * manager, at the root and from a folder below it (a workspace package, where init run from the
 * package leaves its user), and the commands init prints from a workspace package. The e2e
 * shape test/e2e/shapes/yarn-workspace-package.mjs runs the printed commands there for real
 * with yarn 4; the last block here runs npm's from a package.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFor, upTo, type Command, type Place } from '../../src/package-managers/command.js';
import { PACKAGE_MANAGERS, type PackageManagerId } from '../../src/package-managers/index.js';
import { packageVersion } from '../../src/util/package-info.js';
import { gitRepoWith, ralphHooks } from '../helpers/cli.js';

const ROOT: Place = { from: '', workspace: false };
const PACKAGE: Place = { from: 'packages/x', workspace: true };
const SUBFOLDER: Place = { from: 'tools/scripts', workspace: false };

const line = (id: PackageManagerId, place: Place, command: Command) => commandFor(PACKAGE_MANAGERS[id], place, command);
const ALL: Command[] = [
  { kind: 'install' },
  { kind: 'script', name: 'test:hooks' },
  { kind: 'bin', line: 'ralph-hooks doctor' },
  { kind: 'add-dev', specs: ['ralph-hooks@0.1.0'] },
  { kind: 'restore' },
];

describe('upTo', () => {
  it.each([
    ['', ''],
    ['packages/x', '../..'],
    ['a', '..'],
    ['./a/b/c/', '../../..'],
  ])('%j → %j', (from, up) => expect(upTo(from)).toBe(up));
});

describe('commandFor at the root: each manager in its own words', () => {
  it.each([
    ['npm', ['npm install', 'npm run test:hooks', 'npx ralph-hooks doctor', 'npm install -D ralph-hooks@0.1.0', 'npm install']],
    ['pnpm', ['pnpm install', 'pnpm run test:hooks', 'pnpm exec ralph-hooks doctor', 'pnpm add -D ralph-hooks@0.1.0', 'pnpm install']],
    ['yarn', ['yarn install', 'yarn run test:hooks', 'yarn ralph-hooks doctor', 'yarn add -D ralph-hooks@0.1.0', 'yarn install']],
    ['yarn-classic', ['yarn install', 'yarn run test:hooks', 'yarn ralph-hooks doctor', 'yarn add -D ralph-hooks@0.1.0', 'yarn install']],
    ['bun', ['bun install', 'bun run test:hooks', 'bunx ralph-hooks doctor', 'bun add -d ralph-hooks@0.1.0', 'rm -rf node_modules && bun install']],
  ] as const)('%s', (id, expected) => {
    expect(ALL.map((command) => line(id, ROOT, command))).toEqual(expected);
  });

  it("a workspace's root: pnpm adds with -w, yarn 1 with -W", () => {
    expect(line('pnpm', { from: '', workspace: true }, { kind: 'add-dev', specs: ['x'] })).toBe('pnpm add -D -w x');
    expect(line('yarn-classic', { from: '', workspace: true }, { kind: 'add-dev', specs: ['x'] })).toBe('yarn add -D -W x');
  });
});

describe('commandFor from a workspace package (packages/x): what belongs to the root reaches it', () => {
  it.each([
    ['npm', ['npm --prefix ../.. install', 'npm --prefix ../.. run test:hooks', 'npx ralph-hooks doctor', 'npm --prefix ../.. install -D ralph-hooks@0.1.0', 'npm --prefix ../.. install']],
    ['pnpm', ['pnpm install', 'pnpm -w run test:hooks', 'pnpm exec ralph-hooks doctor', 'pnpm add -D -w ralph-hooks@0.1.0', 'pnpm install']],
    ['yarn', ['yarn install', 'yarn run -T test:hooks', 'yarn run -T ralph-hooks doctor', 'yarn --cwd ../.. add -D ralph-hooks@0.1.0', 'yarn install']],
    ['yarn-classic', ['yarn --cwd ../.. install', 'yarn --cwd ../.. run test:hooks', 'yarn --cwd ../.. ralph-hooks doctor', 'yarn --cwd ../.. add -D -W ralph-hooks@0.1.0', 'yarn --cwd ../.. install']],
    ['bun', ['bun install --cwd ../..', 'bun run --cwd ../.. test:hooks', 'bunx ralph-hooks doctor', 'bun add -d --cwd ../.. ralph-hooks@0.1.0', 'rm -rf ../../node_modules && bun install --cwd ../..']],
  ] as const)('%s', (id, expected) => {
    expect(ALL.map((command) => line(id, PACKAGE, command))).toEqual(expected);
  });

  it('pnpm outside a workspace: -C to the root', () => {
    expect(ALL.map((command) => line('pnpm', SUBFOLDER, command))).toEqual([
      'pnpm -C ../.. install',
      'pnpm -C ../.. run test:hooks',
      'pnpm -C ../.. exec ralph-hooks doctor',
      'pnpm -C ../.. add -D ralph-hooks@0.1.0',
      'pnpm -C ../.. install',
    ]);
  });

  it('a command naming paths relative to the root runs there, in a subshell; one without paths runs where it is', () => {
    expect(line('yarn', PACKAGE, { kind: 'bin', line: 'vitest run --config test/hooks/vitest.config.cjs', paths: true })).toBe('(cd ../.. && yarn vitest run --config test/hooks/vitest.config.cjs)');
    expect(line('npm', PACKAGE, { kind: 'dlx', spec: 'ralph-hooks@0.1.0', args: 'bats test/hooks', paths: true })).toBe('(cd ../.. && npx --yes ralph-hooks@0.1.0 bats test/hooks)');
    expect(line('npm', PACKAGE, { kind: 'dlx', spec: 'ralph-hooks@0.1.0', args: 'test' })).toBe('npx --yes ralph-hooks@0.1.0 test');
    expect(line('npm', PACKAGE, { kind: 'at-root', line: 'npm install --no-save vitest@4' })).toBe('(cd ../.. && npm install --no-save vitest@4)');
    expect(line('npm', ROOT, { kind: 'bin', line: 'vitest run --config test/hooks/vitest.config.cjs', paths: true })).toBe('npx vitest run --config test/hooks/vitest.config.cjs');
  });
});

const repo = (files: Record<string, string>) => gitRepoWith(files, 'rh-pmcmd-');

const NO_AGENT = { npm_config_user_agent: '' };

describe('init run from a workspace package prints commands for that package, and writes to the root', () => {
  it.each([
    ['yarn', { 'package.json': '{"name":"mono","private":true,"packageManager":"yarn@4.18.1","workspaces":["packages/*"]}\n' }, 'yarn install', 'yarn run -T test:hooks', 'yarn run -T ralph-hooks', 'yarn'],
    ['pnpm', { 'package.json': '{"name":"mono","private":true}\n', 'pnpm-workspace.yaml': 'packages: [packages/*]\n' }, 'pnpm install', 'pnpm -w run test:hooks', 'pnpm exec ralph-hooks', 'pnpm exec'],
    ['npm', { 'package.json': '{"name":"mono","private":true,"workspaces":["packages/*"]}\n', 'package-lock.json': '{}\n' }, 'npm --prefix ../.. install', 'npm --prefix ../.. run test:hooks', 'npx ralph-hooks', 'npx'],
    ['bun', { 'package.json': '{"name":"mono","private":true,"workspaces":["packages/*"]}\n', 'bun.lock': '{}\n' }, 'bun install --cwd ../..', 'bun run --cwd ../.. test:hooks', 'bunx ralph-hooks', 'bunx'],
  ])('%s', (_, files, install, tests, ours, exec) => {
    const root = repo({ ...files, 'packages/x/package.json': '{"name":"x","version":"1.0.0"}\n' });
    const result = ralphHooks(['init', '--yes'], { cwd: join(root, 'packages/x'), env: NO_AGENT });
    expect(result.status, result.stderr).toBe(0);
    const steps = result.stdout.slice(result.stdout.indexOf('Next steps:'));
    expect(steps).toContain(`  - Install what the hooks and their tests need: ${install}\n  - Run the hook tests: ${tests}\n`);
    expect(steps).toContain(`then run: ${ours} generate\n`);
    expect(steps).toContain(`  - Check the setup: ${ours} doctor`);
    // Written at the root, and the generated files name the root's words (they are read from anywhere).
    expect(readFileSync(join(root, '.claude/hooks/stop-watcher.sh'), 'utf8')).toContain(`# Regenerate with \`${exec} ralph-hooks generate\` after editing`);
    const vitestFile = readFileSync(join(root, 'test/hooks/stop-watcher.vitest.ts'), 'utf8');
    expect(vitestFile).toContain(`// Run: ${exec} vitest run --config test/hooks/vitest.config.cjs\n`);
    expect(vitestFile).toContain(`(\`${exec} ralph-hooks test\` runs them too)`);
    expect(readFileSync(join(root, 'test/hooks/stop-watcher.bats'), 'utf8')).toContain(`# Run: ${exec} ralph-hooks bats test/hooks (`);
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.status, doctor.stdout).toBe(0);
    // doctor's advice, from the package, speaks to the package (it said npx in a pnpm project).
    rmSync(join(root, '.claude/hooks/stop-watcher.sh'));
    const advice = ralphHooks(['doctor'], { cwd: join(root, 'packages/x'), env: NO_AGENT });
    expect(advice.stdout).toContain(`fix: Run: ${ours} generate\n`);
    if (exec !== 'npx') expect(advice.stdout).not.toMatch(/\bnpx\b/);
    const status = ralphHooks(['uninstall', '--dry-run'], { cwd: join(root, 'packages/x'), env: NO_AGENT });
    expect(status.status, status.stderr).toBe(0);
  });

  it('a Python project from a subfolder: npx, whoever started init, and the commands with paths run at the root', () => {
    const root = repo({ 'pyproject.toml': '[project]\nname = "app"\n', 'src/app/__init__.py': '' });
    const result = ralphHooks(['init', '--yes'], { cwd: join(root, 'src'), env: { npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.20.0 linux x64' } });
    expect(result.status, result.stderr).toBe(0);
    const npx = `npx --yes ralph-hooks@${packageVersion()}`;
    expect(result.stdout).toContain(`  - Run the hook tests: (cd .. && ${npx} bats test/hooks) && ${npx} test\n`);
    expect(result.stdout).toContain(`  - Check the setup: ${npx} doctor`);
    expect(result.stdout).not.toContain('pnpm');
    expect(readFileSync(join(root, '.claude/hooks/stop-watcher.sh'), 'utf8')).toContain(`# Regenerate with \`${npx} generate\` after editing`);
  });
});

describe('the words work: run from a workspace package', () => {
  it('npm: npx finds the root binary, --prefix reaches the root script', () => {
    const root = repo({
      'package.json': '{"name":"mono","private":true,"workspaces":["packages/*"],"scripts":{"where":"node -e \\"console.log(process.cwd())\\""}}\n',
      'packages/x/package.json': '{"name":"x","version":"1.0.0"}\n',
    });
    const sh = (command: string) => spawnSync('bash', ['-c', command], { cwd: join(root, 'packages/x'), encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    const script = sh(line('npm', PACKAGE, { kind: 'script', name: 'where' }));
    expect(script.status, script.stderr).toBe(0);
    expect(script.stdout).toContain(root);
    expect(sh('npm run where').status).not.toBe(0); // npm looks in the package: why --prefix
  });
});
