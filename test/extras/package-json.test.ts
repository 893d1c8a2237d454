/** package.json under extras.packageJson: merged like settings.json, never clobbered. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { packageVersion } from '../../src/util/package-info.js';
import { planGeneration } from '../../src/generate/plan.js';
import { addedBy, formatLike, mergePackageJson, NPM_PLACEHOLDER_TEST, packageNameFor, withoutOurs } from '../../src/registration/package-json.js';
import { DEV_DEPENDENCY_RANGES, VITEST_FITS } from '../../src/generate/extras.js';
import { ralphHooks, REPO_ROOT, snapshot, tempDir } from '../helpers/cli.js';

const WANTS = { testHooksScript: 'vitest run --config test/hooks/vitest.config.cjs && ralph-hooks test', devDependencies: { 'ralph-hooks': '^0.1.0', vitest: '^4.1.12' } };

const FOREIGN = {
  name: '@acme/app',
  version: '3.1.4',
  description: 'mine',
  type: 'module',
  workspaces: ['packages/*'],
  scripts: { test: 'node --test', build: 'tsc', 'test:hooks': 'my own runner' },
  dependencies: { vitest: '^3.0.0', zod: '^4.0.0' },
  devDependencies: { typescript: '^5.0.0', eslint: '^9.0.0' },
  engines: { node: '>=20' },
  prettier: { semi: false },
};

describe('mergePackageJson', () => {
  it('keeps every foreign key, value and order; adds only what is missing', () => {
    const merged = mergePackageJson(structuredClone(FOREIGN), WANTS);
    expect(Object.keys(merged)).toEqual(Object.keys(FOREIGN));
    expect(merged.scripts).toEqual(FOREIGN.scripts); // test and a hand-written test:hooks stay
    expect(merged.dependencies).toEqual(FOREIGN.dependencies); // vitest already listed: not added again
    // an unsorted section keeps its order, new names at the end
    expect(Object.entries(merged.devDependencies as object)).toEqual([['typescript', '^5.0.0'], ['eslint', '^9.0.0'], ['ralph-hooks', '^0.1.0']]);
    for (const key of ['description', 'type', 'workspaces', 'engines', 'prettier'] as const) expect(merged[key]).toEqual(FOREIGN[key]);
  });

  it('sets test only when there is none or it is npm init\'s placeholder', () => {
    expect((mergePackageJson({ scripts: {} }, WANTS).scripts as any).test).toBe('npm run test:hooks');
    expect((mergePackageJson({ scripts: { test: NPM_PLACEHOLDER_TEST } }, WANTS).scripts as any).test).toBe('npm run test:hooks');
    expect((mergePackageJson({ scripts: { test: 'jest' } }, WANTS).scripts as any).test).toBe('jest');
  });

  it('rewrites a test:hooks it wrote itself when the extras change', () => {
    const merged = mergePackageJson({ scripts: { 'test:hooks': 'ralph-hooks test' } }, WANTS);
    expect((merged.scripts as any)['test:hooks']).toBe(WANTS.testHooksScript);
    // the vitest command without the hook tests' own config, as ralph-hooks 0.1 wrote it
    const older = mergePackageJson({ scripts: { 'test:hooks': 'vitest run test/hooks && node_modules/bats/bin/bats test/hooks && ralph-hooks test' } }, WANTS);
    expect((older.scripts as any)['test:hooks']).toBe(WANTS.testHooksScript);
    const mine = mergePackageJson({ scripts: { 'test:hooks': 'vitest run test/hooks --coverage' } }, WANTS);
    expect((mine.scripts as any)['test:hooks']).toBe('vitest run test/hooks --coverage');
  });

  it('a missing package.json becomes a minimal one named after the folder', () => {
    expect(mergePackageJson(undefined, WANTS, { dir: '/tmp/My Project!' })).toEqual({
      name: 'my-project',
      version: '0.0.0',
      private: true,
      scripts: { 'test:hooks': WANTS.testHooksScript, test: 'npm run test:hooks' },
      devDependencies: { 'ralph-hooks': '^0.1.0', vitest: '^4.1.12' },
    });
    expect(packageNameFor('/x/...')).toBe('hooks-project');
  });

  it('refuses a package.json whose top level or sections are not objects', () => {
    expect(() => mergePackageJson([], WANTS)).toThrow(/top level must be a JSON object; ralph-hooks left the file untouched/);
    expect(() => mergePackageJson({ scripts: 'x' }, WANTS)).toThrow(/"scripts" must be an object/);
  });

  it('formatLike keeps tabs, four spaces, CRLF and a missing final newline', () => {
    expect(formatLike('{\n\t"a": 1\n}\n', { a: 1, b: 2 })).toBe('{\n\t"a": 1,\n\t"b": 2\n}\n');
    expect(formatLike('{\n    "a": 1\n}', { a: 1 })).toBe('{\n    "a": 1\n}');
    expect(formatLike('{\r\n  "a": 1\r\n}\r\n', { a: 1 })).toBe('{\r\n  "a": 1\r\n}\r\n');
    expect(formatLike(undefined, { a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});

describe('addedBy and withoutOurs (what uninstall takes out)', () => {
  it('a merge adds only what the user did not list; taking it out gives the user\'s package.json back', () => {
    const before = { name: 'x', scripts: { test: NPM_PLACEHOLDER_TEST }, devDependencies: {}, dependencies: { vitest: '^3.0.0' } };
    const merged = mergePackageJson(structuredClone(before), WANTS);
    const added = addedBy(before, merged);
    expect(added).toEqual({ devDependencies: ['ralph-hooks'], scripts: { 'test:hooks': WANTS.testHooksScript, test: 'npm run test:hooks' } });
    // The placeholder comes back; the empty devDependencies the user had stays.
    expect(withoutOurs(merged, added, before)).toEqual({ result: before, userScripts: [] });
    // Without a package.json before, the sections ralph-hooks opened go.
    const fresh = mergePackageJson({ name: 'y' }, WANTS);
    expect(withoutOurs(fresh, addedBy({ name: 'y' }, fresh), { name: 'y' }).result).toEqual({ name: 'y' });
  });

  it('a script the user changed since is theirs: it stays and is named; a bumped devDependency still goes', () => {
    const ours = { devDependencies: ['ralph-hooks'], scripts: { 'test:hooks': 'ralph-hooks test' } };
    const pkg = { scripts: { 'test:hooks': 'ralph-hooks test --reporter junit' }, devDependencies: { 'ralph-hooks': '^9.9.9' } };
    expect(withoutOurs(pkg, ours, {})).toEqual({ result: { scripts: { 'test:hooks': 'ralph-hooks test --reporter junit' } }, userScripts: ['test:hooks'] });
  });
});

describe('package.json in the generate plan', () => {
  const config = (extras: object) => validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras });

  it('is left out when extras.packageJson is off (and by default)', () => {
    const root = tempDir();
    expect(planGeneration(root, validateConfig({ hooks: [] })).changes.map((c) => c.path)).not.toContain('package.json');
    expect(planGeneration(root, config({ cases: true })).changes.map((c) => c.path)).not.toContain('package.json');
  });

  it('wants ralph-hooks at the running version, and vitest / bats only for their extras', () => {
    const root = tempDir();
    const change = (extras: object) => JSON.parse(planGeneration(root, config(extras)).changes.find((c) => c.path === 'package.json')!.content!);
    expect(change({ packageJson: true }).devDependencies).toEqual({ 'ralph-hooks': `^${packageVersion()}` });
    expect(change({ packageJson: true }).scripts).toBeUndefined();
    expect(change({ packageJson: true, cases: true, bats: true }).devDependencies).toEqual({ 'ralph-hooks': `^${packageVersion()}` });
    expect(change({ packageJson: true, cases: true, bats: true }).scripts['test:hooks']).toBe('ralph-hooks bats test/hooks && ralph-hooks test');
  });

  it('a package.json that already has everything is unchanged, byte for byte (generate twice)', () => {
    const root = tempDir();
    const text = `{\n\t"name": "x",\n\t"scripts": {"test:hooks": "ralph-hooks test", "test": "npm run test:hooks"},\n\t"devDependencies": {"ralph-hooks": "*"}\n}`;
    writeFileSync(join(root, 'package.json'), text);
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { cases: true, packageJson: true } }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(text);
    const before = snapshot(root);
    const second = ralphHooks(['generate'], { cwd: root });
    expect(second.stdout).toContain('Everything is up to date');
    expect(snapshot(root)).toEqual(before);
  });

  it('invalid JSON in package.json is reported with line and column, nothing written', () => {
    const root = tempDir();
    writeFileSync(join(root, 'package.json'), '{\n  "name": "x",\n}\n');
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [], extras: { packageJson: true } }));
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/package\.json is not valid JSON \(line 3, column 1\)/);
    expect(snapshot(root)).toEqual(before);
  });
});

describe('the vitest package.json gets: the one the project has, when the tests run on it', () => {
  /** init --yes in a repository whose node_modules (at `installedAt`, relative to the root) holds vitest `version`. */
  function initWith(version: string | undefined, installedAt = '.') {
    const top = tempDir('rh-vitest-range-');
    const root = join(top, 'repo');
    mkdirSync(root);
    spawnSync('git', ['init', '-q'], { cwd: root });
    if (version !== undefined) {
      const dir = join(root, installedAt, 'node_modules/vitest');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'vitest', version }));
    }
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.vitest;
  }

  it('none installed: ours; 3.2 or 4 installed (here or hoisted above): that one; older: ours', () => {
    expect(initWith(undefined)).toBe(DEV_DEPENDENCY_RANGES.vitest);
    expect(initWith('3.2.4')).toBe('^3.2.4');
    expect(initWith('4.0.7', '..')).toBe('^4.0.7');
    expect(initWith('3.1.1')).toBe(DEV_DEPENDENCY_RANGES.vitest);
    expect(initWith('2.1.9')).toBe(DEV_DEPENDENCY_RANGES.vitest);
  });

  it("ralph-hooks' optional peer range on vitest names the same releases", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.peerDependencies.vitest).toBe('^3.2.0 || ^4.0.0');
    expect(pkg.peerDependenciesMeta.vitest).toEqual({ optional: true });
    for (const version of ['3.2.0', '3.10.1', '4.0.0', '4.1.12']) expect(VITEST_FITS.test(version), version).toBe(true);
    for (const version of ['3.1.9', '2.1.9', '5.0.0', '4.1.0-beta.1']) expect(VITEST_FITS.test(version), version).toBe(false);
  });
});
