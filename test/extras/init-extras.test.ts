/**
 * `ralph-hooks init` (what `npm init ralph-hooks` runs) with the extras: the user's own
 * package.json, .claude/settings.json and workflows survive with every foreign key and file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

function gitRepo(): string {
  const root = tempDir('rh-init-extras-');
  spawnSync('git', ['init', '-q'], { cwd: root });
  return root;
}

/** Every leaf of `original` (by JSON path) is in `merged` with the same value. */
function expectEveryLeafKept(original: unknown, merged: unknown, path = '$'): void {
  if (original !== null && typeof original === 'object') {
    expect(merged, `${path} is missing or changed type`).toBeTypeOf('object');
    for (const [key, value] of Object.entries(original)) expectEveryLeafKept(value, (merged as any)?.[key], `${path}.${key}`);
  } else {
    expect(merged, path).toEqual(original);
  }
}

const PACKAGE = {
  name: 'acme-app',
  version: '2.0.0',
  private: true,
  type: 'module',
  scripts: { test: 'node --test', lint: 'eslint .', 'test:e2e': 'playwright test' },
  dependencies: { express: '^4.19.0' },
  devDependencies: { vitest: '^3.2.0', eslint: '^9.0.0' },
  engines: { node: '>=20' },
  'lint-staged': { '*.ts': 'eslint --fix' },
};
const SETTINGS = {
  $schema: 'https://json.schemastore.org/claude-code-settings.json',
  permissions: { allow: ['Bash(ls)', 'Bash(npm test)'], deny: ['Read(.env)'] },
  env: { FOO: 'bar' },
  hooks: {
    Stop: [{ hooks: [{ type: 'command', command: 'echo bye', timeout: 5 }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/guard.sh' }] }],
  },
  model: 'opus',
};
const CI_YML = 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n';

describe('init with extras in a repository that already has its own files', () => {
  it('every foreign key of package.json and settings.json and every existing workflow survive; a second init changes nothing', () => {
    const root = gitRepo();
    const packageText = `${JSON.stringify(PACKAGE, null, 4)}\n`;
    writeFileSync(join(root, 'package.json'), packageText);
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify(SETTINGS, null, 2));
    mkdirSync(join(root, '.github/workflows'), { recursive: true });
    writeFileSync(join(root, '.github/workflows/ci.yml'), CI_YML);
    writeFileSync(join(root, '.github/workflows/release.yaml'), 'on: release\n');

    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const pkg = readJson(join(root, 'package.json'));
    expectEveryLeafKept(PACKAGE, pkg);
    expect(Object.keys(pkg)).toEqual(Object.keys(PACKAGE));
    expect(pkg.scripts['test:hooks']).toBe('vitest run --config test/hooks/vitest.config.cjs && ralph-hooks bats test/hooks && ralph-hooks test');
    expect(pkg.scripts.test).toBe('node --test'); // theirs
    expect(pkg.devDependencies.vitest).toBe('^3.2.0'); // their version
    expect(pkg.devDependencies).toMatchObject({ 'ralph-hooks': expect.stringMatching(/^\^\d+\.\d+\.\d+/) });
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toMatch(/^\{\n {4}"name"/); // their indentation

    const settings = readJson(join(root, '.claude/settings.json'));
    expectEveryLeafKept(SETTINGS, settings);
    expect(settings.hooks.Stop).toHaveLength(2);

    expect(readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8')).toBe(CI_YML);
    expect(readFileSync(join(root, '.github/workflows/release.yaml'), 'utf8')).toBe('on: release\n');
    expect(existsSync(join(root, '.github/workflows/ralph-hooks.yml'))).toBe(true);

    const before = snapshot(root);
    const again = ralphHooks(['init', '--yes'], { cwd: root });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Everything is up to date');
    expect(snapshot(root)).toEqual(before);
  });

  it('a workflow of the user at our path is a conflict: exit 2, nothing written', () => {
    const root = gitRepo();
    mkdirSync(join(root, '.github/workflows'), { recursive: true });
    writeFileSync(join(root, '.github/workflows/ralph-hooks.yml'), 'on: push\n');
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('.github/workflows/ralph-hooks.yml (exists but was not written by ralph-hooks)');
    expect(snapshot(root)).toEqual(before);
  });

  it('without a package.json: a minimal one, and next steps that say npm install', () => {
    const root = gitRepo();
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(0);
    const pkg = readJson(join(root, 'package.json'));
    expect(pkg).toMatchObject({ private: true, version: '0.0.0', scripts: { test: 'npm run test:hooks' } });
    expect(Object.keys(pkg.devDependencies)).toEqual(['ralph-hooks', 'vitest']);
    expect(result.stdout).toMatch(/Next steps:\n {2}- Install what the hooks and their tests need: npm install\n {2}- Run the hook tests: npm run test:hooks/);
  });
});

describe('init flags for the extras', () => {
  const extrasOf = (root: string) => readJson(join(root, 'ralph-hooks.config.json')).extras;

  it('--extras picks a list; files follow it', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--extras', 'cases,package-json'], { cwd: root }).status).toBe(0);
    expect(extrasOf(root)).toEqual({ vitest: false, bats: false, cases: true, workflow: false, scenarios: false, packageJson: true });
    expect(existsSync(join(root, 'test/hook-cases/stop-watcher/continues-when-tasks-remain.case.json'))).toBe(true);
    expect(existsSync(join(root, 'test/hooks'))).toBe(false);
    expect(existsSync(join(root, '.github'))).toBe(false);
    expect(readJson(join(root, 'package.json')).scripts['test:hooks']).toBe('ralph-hooks test');
  });

  it('--no-<extra> drops one from the defaults; --extras none adds nothing', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--no-workflow', '--no-package-json'], { cwd: root }).status).toBe(0);
    expect(extrasOf(root)).toEqual({ vitest: true, bats: true, cases: true, workflow: false, scenarios: false, packageJson: false });
    expect(existsSync(join(root, 'package.json'))).toBe(false);

    const bare = gitRepo();
    expect(ralphHooks(['init', '--yes', '--extras', 'none'], { cwd: bare }).status).toBe(0);
    expect(extrasOf(bare)).toEqual({ vitest: false, bats: false, cases: false, workflow: false, scenarios: false, packageJson: false });
    expect(existsSync(join(bare, 'test'))).toBe(false);
  });

  it('a bad --extras names the flag and the choices, exits 2 (a usage error) and writes nothing', () => {
    const root = gitRepo();
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes', '--extras', 'vitest,jest'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--extras: got 'jest'; allowed: a comma-separated list of vitest, bats, cases, workflow, scenarios, package-json, or all, or none.");
    expect(snapshot(root)).toEqual(before);
  });

  it('a config written before extras existed keeps generating none of them on re-init', () => {
    const root = gitRepo();
    writeFileSync(join(root, 'ralph-hooks.config.json'), `${JSON.stringify({ target: 'claude-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }, null, 2)}\n`);
    expect(ralphHooks(['init', '--yes'], { cwd: root }).status).toBe(0);
    expect(extrasOf(root)).toBeUndefined();
    expect(existsSync(join(root, 'test'))).toBe(false);
    expect(existsSync(join(root, 'package.json'))).toBe(false);
  });

  it('--json prints every file with its status, and nothing else', () => {
    const root = gitRepo();
    const result = ralphHooks(['init', '--yes', '--json'], { cwd: root });
    expect(result.status).toBe(0);
    const { files } = JSON.parse(result.stdout);
    expect(files).toContainEqual({ path: 'package.json', status: 'create' });
    expect(files).toContainEqual({ path: '.github/workflows/ralph-hooks.yml', status: 'create' });
    expect(files).toContainEqual({ path: 'test/hooks/stop-watcher.vitest.ts', status: 'create' });
    const again = JSON.parse(ralphHooks(['init', '--yes', '--json'], { cwd: root }).stdout);
    expect(again.files.every((f: { status: string }) => f.status === 'unchanged')).toBe(true);
  });

  it('--quiet prints nothing', () => {
    const root = gitRepo();
    const result = ralphHooks(['init', '--yes', '--quiet'], { cwd: root });
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});
