/**
 * uninstall gives the repository back: after init, the printed install step and uninstall,
 * `git status` is what it was before init. A package.json ralph-hooks created goes (with the
 * node_modules/ and lockfile the install step made), one that was there gets back its exact text,
 * what the user had or added since stays, and an older manifest (no record) keeps the old
 * behaviour and says why vitest and bats stay.
 *
 * The install step is simulated: ralph-hooks is not on the npm registry, so a real `npm install`
 * of the package.json init writes cannot succeed. What uninstall has to get right is what it
 * does with a node_modules/ and a lockfile that were not there before init, and that a fake
 * one tests as well as a real one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const EVERY_EXTRA = ['--extras', 'vitest,bats,cases,workflow,scenarios,package-json'];
/** A Python project's own default adds no package.json: these choose the Node layout there. */
const NODE_LAYOUT = ['--extras', 'vitest,bats,cases,workflow,package-json'];

/** Every path git sees as changed, untracked or ignored. */
function gitStatus(root: string): string {
  const result = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '--ignored'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

/** A git repository holding `files`, committed, plus an untracked note (so "before" is not just empty). */
function repo(files: Record<string, string>): string {
  const root = tempDir('rh-uninstall-');
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: root, encoding: 'utf8' });
  git('init', '-q');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  git('add', '-A');
  git('commit', '-q', '-m', 'before ralph-hooks');
  writeFileSync(join(root, 'notes.txt'), 'mine, untracked\n');
  return root;
}

function run(root: string, args: string[]) {
  const result = ralphHooks(args, { cwd: root });
  if (result.status !== 0) throw new Error(`ralph-hooks ${args.join(' ')}: exit ${result.status}\n${result.stdout}${result.stderr}`);
  return result;
}

/** What the printed install step leaves: node_modules/ (with a .bin link inside) and the lockfile. */
function fakeInstall(root: string, lockfile = 'package-lock.json'): void {
  for (const name of Object.keys(readJson(join(root, 'package.json')).devDependencies ?? {})) {
    mkdirSync(join(root, 'node_modules', name), { recursive: true });
    writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  }
  mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
  symlinkSync('../vitest/package.json', join(root, 'node_modules/.bin/vitest'));
  writeFileSync(join(root, lockfile), `${JSON.stringify({ lockfileVersion: 3, packages: {} }, null, 2)}\n`);
}

describe('uninstall in a project that had no package.json (a Python project)', () => {
  it('git status is what it was before init: package.json, node_modules/ and the lockfile go, and no step is left', () => {
    const root = repo({ 'pyproject.toml': '[project]\nname = "tool"\nversion = "1.0"\n', 'main.py': 'print("hi")\n' });
    const before = gitStatus(root);
    const init = run(root, ['init', '--yes', ...NODE_LAYOUT]);
    expect(init.stdout).toContain('Install what the hooks and their tests need: npm install');
    fakeInstall(root);

    const result = run(root, ['uninstall', '--yes']);
    expect(result.stdout).toMatch(/remove +package\.json {2}\(ralph-hooks created it, and nothing of yours is in it\)/);
    expect(result.stdout).toMatch(/remove +package-lock\.json {2}\(not there before init/);
    expect(result.stdout).toMatch(/remove +node_modules\/ {2}\(not there before init/);
    expect(result.stdout).not.toContain('Then update');
    expect(result.stdout).not.toContain('Left to you');
    expect(gitStatus(root)).toBe(before);
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('mine, untracked\n');
  }, 60_000);

  it('a lockfile or node_modules/ that was there before init stays (as does a symlinked node_modules, never followed)', () => {
    const root = repo({ 'pyproject.toml': '[project]\n' });
    writeFileSync(join(root, 'yarn.lock'), '# theirs\n');
    run(root, ['init', '--yes', ...NODE_LAYOUT]);
    fakeInstall(root);
    // node_modules now points outside the project: uninstall must not follow it.
    const outside = tempDir('rh-outside-');
    writeFileSync(join(outside, 'keep'), 'x');
    spawnSync('rm', ['-rf', join(root, 'node_modules')]);
    symlinkSync(outside, join(root, 'node_modules'));

    const result = run(root, ['uninstall', '--yes']);
    expect(readFileSync(join(root, 'yarn.lock'), 'utf8')).toBe('# theirs\n');
    expect(existsSync(join(root, 'package-lock.json'))).toBe(false);
    expect(readFileSync(join(outside, 'keep'), 'utf8')).toBe('x');
    expect(result.stdout).toContain('node_modules was not there before init, but it is not a plain folder now (a symbolic link?), so it stays.');
  }, 60_000);

  it('the user added a dependency of their own since: package.json stays with it, only ours come out, and uninstall says why', () => {
    const root = repo({ 'pyproject.toml': '[project]\n' });
    run(root, ['init', '--yes', ...NODE_LAYOUT]);
    const pkg = readJson(join(root, 'package.json'));
    writeFileSync(join(root, 'package.json'), `${JSON.stringify({ ...pkg, dependencies: { lodash: '^4.17.21' } }, null, 2)}\n`);
    fakeInstall(root);

    const result = run(root, ['uninstall', '--yes']);
    expect(readJson(join(root, 'package.json'))).toEqual({ name: pkg.name, version: '0.0.0', private: true, dependencies: { lodash: '^4.17.21' } });
    expect(result.stdout).toContain("package.json stays: ralph-hooks created it, but it now holds things of yours (dependencies.lodash); only ralph-hooks' scripts and devDependencies come out of it.");
    // node_modules and the lockfile hold the user's dependency too: they stay, and get updated.
    expect(existsSync(join(root, 'node_modules'))).toBe(true);
    expect(existsSync(join(root, 'package-lock.json'))).toBe(true);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Then update node_modules and the lockfile: npm install');
  }, 60_000);
});

describe('uninstall in a project that had a package.json', () => {
  // Tabs, a one-line array, keys in an odd order, no final newline, npm's placeholder test script.
  const ODD = '{"scripts": {"test": "echo \\"Error: no test specified\\" && exit 1", "lint": "eslint ."},\n\t"version": "2.0.0",\n\t"name": "odd",\n\t"files": ["a", "b"],\n\t"devDependencies": {"zod": "^4.0.0", "vitest": "^3.2.0"}\n}';

  it('gets back its text from before init byte for byte, even after a reformatting; what the user had (vitest) stays', () => {
    const root = repo({ 'package.json': ODD, 'pnpm-lock.yaml': 'lockfileVersion: 9.0\n' });
    mkdirSync(join(root, 'node_modules/zod'), { recursive: true });
    const before = gitStatus(root);
    run(root, ['init', '--yes', ...EVERY_EXTRA]);
    const ours = readJson(join(root, 'package.json'));
    expect(ours.devDependencies).toMatchObject({ vitest: '^3.2.0', '@anthropic-ai/claude-code': expect.any(String), 'ralph-hooks': expect.any(String) });
    expect(ours.scripts.test).toBe('pnpm run test:hooks'); // the project's pnpm-lock.yaml says pnpm
    // The user (or prettier, or npm) re-serialises it with four spaces; the install step changes the lockfile.
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(ours, null, 4)}\n`);
    writeFileSync(join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9.0\n# bats, claude-code\n');
    mkdirSync(join(root, 'node_modules/bats'));

    const result = run(root, ['uninstall', '--yes']);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(ODD);
    expect(result.stdout).toMatch(/update +package\.json {2}\(back to its text from before init\)/);
    // The lockfile and node_modules were there before: they stay, and the last line updates them.
    expect(existsSync(join(root, 'pnpm-lock.yaml'))).toBe(true);
    expect(existsSync(join(root, 'node_modules/zod'))).toBe(true);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Then update node_modules and the lockfile: pnpm install');
    // What is left differs from before only by what that command puts back.
    expect(gitStatus(root).split('\n').filter((line) => !/pnpm-lock|node_modules/.test(line))).toEqual(before.split('\n').filter((line) => !/node_modules/.test(line)));
  }, 60_000);

  it('changed since in another way: only our entries come out, in the current formatting; the user\'s vitest and new script stay', () => {
    const root = repo({ 'package.json': ODD });
    run(root, ['init', '--yes']);
    const ours = readJson(join(root, 'package.json'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ ...ours, scripts: { ...ours.scripts, build: 'tsc' } }, null, 4));

    const result = run(root, ['uninstall', '--yes']);
    const text = readFileSync(join(root, 'package.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({
      // The test script init replaced gets npm's placeholder back.
      scripts: { test: 'echo "Error: no test specified" && exit 1', lint: 'eslint .', build: 'tsc' },
      version: '2.0.0',
      name: 'odd',
      files: ['a', 'b'],
      devDependencies: { zod: '^4.0.0', vitest: '^3.2.0' },
    });
    expect(text).toMatch(/^\{\n {4}"scripts"/);
    expect(text.endsWith('}')).toBe(true);
    expect(result.stdout).toMatch(/update +package\.json {2}\(ralph-hooks' scripts and devDependencies taken out\)/);
    // Nothing was installed: no step.
    expect(result.stdout).not.toContain('Then update');
  }, 60_000);

  it('a script of ours the user changed since stays, and is listed', () => {
    const root = repo({ 'package.json': '{\n  "name": "app"\n}\n' });
    run(root, ['init', '--yes']);
    const ours = readJson(join(root, 'package.json'));
    writeFileSync(join(root, 'package.json'), `${JSON.stringify({ ...ours, scripts: { ...ours.scripts, 'test:hooks': 'my-runner test/hooks' } }, null, 2)}\n`);

    const result = run(root, ['uninstall', '--yes']);
    expect(readJson(join(root, 'package.json'))).toEqual({ name: 'app', scripts: { 'test:hooks': 'my-runner test/hooks' } });
    expect(result.stdout).toContain('package.json: the script "test:hooks" was changed since ralph-hooks wrote it, so it stays. Delete it if you no longer want it.');
  }, 60_000);
});

describe('uninstall --dry-run', () => {
  it('lists the files, node_modules/ and the lockfile that would go, and what would be left, and writes nothing', () => {
    const root = repo({ 'pyproject.toml': '[project]\n' });
    run(root, ['init', '--yes', ...NODE_LAYOUT]);
    const workflow = join(root, '.github/workflows/ralph-hooks.yml');
    writeFileSync(workflow, `${readFileSync(workflow, 'utf8')}# my step\n`);
    run(root, ['generate', '--on-conflict=adopt']);
    fakeInstall(root);
    const before = snapshot(root);

    const result = run(root, ['uninstall', '--dry-run']);
    expect(snapshot(root)).toEqual(before);
    expect(result.stdout).toMatch(/^Would write: \d+ removed, 1 kept\./m);
    expect(result.stdout).toMatch(/remove +package\.json {2}\(ralph-hooks created it/);
    expect(result.stdout).toMatch(/remove +package-lock\.json {2}\(not there before init/);
    expect(result.stdout).toMatch(/remove +node_modules\/ {2}\(not there before init/);
    expect(result.stdout).toContain('Would be left to you:\n  - .github/workflows/ralph-hooks.yml (your adopted edit) stays, and GitHub Actions keeps running it on every push and pull request: without ralph-hooks.config.json its ralph-hooks steps fail. Delete it if you no longer want it: rm .github/workflows/ralph-hooks.yml');

    const json = JSON.parse(run(root, ['uninstall', '--dry-run', '--json']).stdout);
    expect(json.files).toContainEqual(expect.objectContaining({ path: 'node_modules/', status: 'remove' }));
    expect(json.notes).toHaveLength(1);
    expect(json.then).toBeUndefined();

    // Then for real: everything but the adopted workflow is gone.
    run(root, ['uninstall', '--yes']);
    expect(gitStatus(root).split('\n').filter(Boolean).sort()).toEqual(['?? .github/workflows/ralph-hooks.yml', '?? notes.txt']);
  }, 60_000);
});

describe('files left to the user', () => {
  it('a plugin manifest ralph-hooks created and the user changed since stays, listed with what to do', () => {
    const root = repo({ 'README.md': '# plugin\n' });
    run(root, ['init', '--yes', '--target', 'claude-plugin', '--extras', 'none']);
    const manifest = join(root, '.claude-plugin/plugin.json');
    writeFileSync(manifest, JSON.stringify({ ...readJson(manifest), description: 'mine' }, null, 2));

    const result = run(root, ['uninstall', '--yes']);
    expect(readJson(manifest).description).toBe('mine');
    expect(result.stdout).toContain('  - .claude-plugin/plugin.json (created by ralph-hooks, changed since) stays. Delete it if you no longer want it: rm .claude-plugin/plugin.json');
  }, 60_000);
});

describe('a manifest written before package.json was recorded', () => {
  it('generate leaves it so (CI\'s git diff stays clean); uninstall does what it always did and says why vitest and bats stay', () => {
    const root = repo({ 'pyproject.toml': '[project]\n' });
    run(root, ['init', '--yes', ...NODE_LAYOUT]);
    const manifestPath = join(root, '.ralph-hooks/manifest.json');
    const manifest = readJson(manifestPath);
    expect(manifest.packageJson).toMatchObject({ before: null, devDependencies: ['ralph-hooks', 'vitest'] });
    delete manifest.packageJson;
    // An older ralph-hooks also added bats.
    const older = readJson(join(root, 'package.json'));
    older.devDependencies = { bats: '^1.13.0', ...older.devDependencies };
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(older, null, 2)}\n`);
    manifest.generator = 'ralph-hooks@0.0.9';
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    const old = readFileSync(manifestPath, 'utf8');
    fakeInstall(root);

    expect(run(root, ['generate']).stdout).toContain('Everything is up to date');
    expect(readFileSync(manifestPath, 'utf8')).toBe(old);

    const result = run(root, ['uninstall', '--yes']);
    const pkg = readJson(join(root, 'package.json'));
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.devDependencies).toEqual({ bats: expect.any(String), vitest: expect.any(String) });
    expect(result.stdout).toContain('package.json: vitest and bats stay in devDependencies. This project was set up by an older ralph-hooks, which did not record whether it added them or you did.');
    expect(existsSync(join(root, 'node_modules'))).toBe(true);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Then update node_modules and the lockfile: npm install');
  }, 60_000);
});

describe('generate keeps the record', () => {
  it('an extra turned on adds to it, one turned off takes out what it added, never what the user had', () => {
    const root = repo({ 'package.json': '{\n  "name": "app",\n  "devDependencies": {\n    "vitest": "^3.2.0"\n  }\n}\n' });
    run(root, ['init', '--yes']);
    const configPath = join(root, 'ralph-hooks.config.json');
    const setExtras = (extras: object) => writeFileSync(configPath, JSON.stringify({ ...readJson(configPath), extras: { ...readJson(configPath).extras, ...extras } }, null, 2));
    const recorded = () => readJson(join(root, '.ralph-hooks/manifest.json')).packageJson;

    setExtras({ scenarios: true });
    run(root, ['generate']);
    expect(readJson(join(root, 'package.json')).devDependencies['@anthropic-ai/claude-code']).toBeDefined();
    expect(recorded().devDependencies).toEqual(['@anthropic-ai/claude-code', 'ralph-hooks']);

    setExtras({ scenarios: false, vitest: false, bats: false, cases: false });
    run(root, ['generate']);
    expect(readJson(join(root, 'package.json'))).toEqual({ name: 'app', devDependencies: { vitest: '^3.2.0', 'ralph-hooks': expect.any(String) } });
    expect(recorded()).toMatchObject({ devDependencies: ['ralph-hooks'], scripts: {} });
    // The text from before init is recorded once, at the first change, and kept.
    expect(recorded().before).toBe('{\n  "name": "app",\n  "devDependencies": {\n    "vitest": "^3.2.0"\n  }\n}\n');

    run(root, ['uninstall', '--yes']);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe('{\n  "name": "app",\n  "devDependencies": {\n    "vitest": "^3.2.0"\n  }\n}\n');
  }, 60_000);
});
