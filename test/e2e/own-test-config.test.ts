/**
 * The hook tests run with a vitest config of their own (test/hooks/vitest.config.cjs). In a
 * project whose own vitest config includes only packages/**\/*.spec.ts, turns coverage on
 * (written to ./coverage), reports to a file, sets globals, a setup file that throws and
 * projects, beside a vite.config.ts and a vitest.workspace.ts that throw, `npm run test:hooks`
 * passes and writes nothing outside test/hooks. Without that config (the command ralph-hooks
 * wrote before), vitest finds no tests there and writes coverage/ and reports/, and doctor
 * says so beforehand (RH19).
 *
 * The other way round, the project's own test run never picks the hook tests up: they are
 * named <hook>.vitest.ts, which the default patterns of vitest, jest, Playwright, bun and
 * node --test miss.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkInstalled, REPO_ROOT, ralphHooks, tempDir } from '../helpers/cli.js';

const ENV = { ...process.env, NO_COLOR: '1', CI: 'true', GITHUB_ACTIONS: '', npm_config_yes: '', npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

/** A coverage provider of the project's own: it writes coverage/coverage.json, as v8 or istanbul would write their reports. */
const COVERAGE_PROVIDER = `import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
let options;
export default {
  getProvider: () => ({
    name: 'project-coverage',
    initialize(ctx) { options = ctx.config.coverage; },
    resolveOptions: () => options,
    clean() {},
    onAfterSuiteRun() {},
    generateCoverage: () => ({}),
    reportCoverage() {
      mkdirSync(options.reportsDirectory, { recursive: true });
      writeFileSync(join(options.reportsDirectory, 'coverage.json'), '{}\\n');
    },
  }),
  takeCoverage: () => ({}),
};
`;

const PROJECT_CONFIG = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.spec.ts'],
    setupFiles: ['./test/setup.ts'],
    globals: true,
    reporters: ['default', ['junit', { outputFile: 'reports/junit.xml' }]],
    coverage: { enabled: true, provider: 'custom', customProviderModule: './coverage-provider.mjs', reportsDirectory: './coverage' },
    projects: [{ extends: true, test: { name: 'packages', include: ['packages/**/*.spec.ts'] } }],
  },
});
`;

const git = (root: string, ...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: root, encoding: 'utf8' });

/** A project with its own vitest setup, `ralph-hooks init --yes` run in it, committed; node_modules links this repository's tools. */
function projectWithItsOwnVitest(): string {
  const root = tempDir('rh-own-config-');
  git(root, 'init', '-q');
  writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'acme', private: true, type: 'module', scripts: { test: 'vitest run' } }, null, 2)}\n`);
  writeFileSync(join(root, '.gitignore'), 'node_modules\n');
  writeFileSync(join(root, 'vitest.config.ts'), PROJECT_CONFIG);
  writeFileSync(join(root, 'vitest.workspace.ts'), "throw new Error('the project\\'s vitest.workspace.ts was loaded');\n");
  writeFileSync(join(root, 'vite.config.ts'), "throw new Error('the project\\'s vite.config.ts was loaded');\n");
  writeFileSync(join(root, 'coverage-provider.mjs'), COVERAGE_PROVIDER);
  mkdirSync(join(root, 'test'));
  writeFileSync(join(root, 'test/setup.ts'), "throw new Error('the project\\'s setup file ran');\n");
  mkdirSync(join(root, 'packages/a'), { recursive: true });
  writeFileSync(join(root, 'packages/a/sum.spec.ts'), "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n");

  initWithTools(root);
  return root;
}

/** `ralph-hooks init --yes --guard none` (these tests are about the stop-watcher's test setup), node_modules linking this repository's tools, everything committed. */
function initWithTools(root: string): void {
  const init = ralphHooks(['init', '--yes', '--guard', 'none'], { cwd: root });
  if (init.status !== 0) throw new Error(init.stdout + init.stderr);
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  linkInstalled(modules, ['vitest', 'bats']);
  symlinkSync('../vitest/vitest.mjs', join(modules, '.bin/vitest'));
  symlinkSync('../ralph-hooks/bin/ralph-hooks.js', join(modules, '.bin/ralph-hooks'));
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'init');
}

/** Every path under `root` (folders and links too, links not followed) outside `except`, with each file's size and mtime. */
function listing(root: string, except: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (rel === '.git' || rel === except) continue;
      const stat = lstatSync(path);
      out.push(stat.isDirectory() ? `${rel}/` : `${rel} ${stat.size} ${stat.mtimeMs}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

const run = (root: string, command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...ENV, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` }, timeout: 240_000 });
  return { status: result.status, output: result.stdout + result.stderr };
};

describe('the hook tests in a project with a vitest config of its own', () => {
  let root: string;
  beforeAll(() => {
    root = projectWithItsOwnVitest();
  }, 240_000);

  it('init writes the hook tests\' own config, and test:hooks and the workflow name it', () => {
    expect(readFileSync(join(root, 'test/hooks/vitest.config.cjs'), 'utf8')).toMatch(/^module\.exports = \{\n {2}root: __dirname,\n {2}test: \{\n {4}include: \["stop-watcher\.vitest\.ts"\],$/m);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts['test:hooks']).toMatch(/^vitest run --config test\/hooks\/vitest\.config\.cjs && /);
    expect(pkg.scripts.test).toBe('vitest run'); // theirs
    expect(readFileSync(join(root, '.github/workflows/ralph-hooks.yml'), 'utf8')).toContain('run: "npx vitest run --config test/hooks/vitest.config.cjs"');
  });

  it('npm run test:hooks passes and writes nothing outside test/hooks; git status stays clean', () => {
    const before = listing(root, 'test/hooks');
    const result = run(root, 'npm', ['run', 'test:hooks']);
    expect(result.output).toMatch(/Test Files +1 passed \(1\)/);
    expect(result.output).not.toContain("the project's setup file ran");
    expect(result.output).not.toMatch(/vitest\.workspace\.ts|vite\.config\.ts/);
    expect(result.output).not.toContain('Coverage enabled');
    expect(result.output).toMatch(/\n(\d+) passed, 0 failed, 0 errors, \1 cases/); // ralph-hooks test, after vitest and bats
    expect(result.status, result.output).toBe(0);
    expect(listing(root, 'test/hooks')).toEqual(before);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all').stdout).toBe('');
    expect(ralphHooks(['doctor'], { cwd: root }).stdout).toContain('✓ RH19 the hook tests have their own vitest config');
  }, 240_000);

  it('with the command ralph-hooks wrote before (no --config): doctor says it finds no tests (RH19), and vitest finds none and writes coverage/ and reports/', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    pkg.scripts['test:hooks'] = 'vitest run test/hooks && node_modules/bats/bin/bats test/hooks && ralph-hooks test';
    writeFileSync(join(root, 'package.json'), JSON.stringify(pkg, null, 2));
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.stdout).toContain("✗ RH19 package.json's test:hooks runs `vitest run test/hooks` without --config test/hooks/vitest.config.cjs: vitest takes vitest.config.ts, whose include (packages/**/*.spec.ts) matches none of the hook tests (test/hooks/stop-watcher.vitest.ts)");
    expect(doctor.status).toBe(1);

    const result = run(root, 'npm', ['run', 'test:hooks']);
    expect(result.output).toContain('No test files found');
    expect(result.status).toBe(1);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all').stdout.split('\n').filter(Boolean).sort()).toEqual([' M package.json', '?? coverage/coverage.json', '?? reports/junit.xml']);
    git(root, 'checkout', '-q', 'package.json');
    git(root, 'clean', '-fdq');
  }, 240_000);
});

/** The files other test runners look for when their config does not say (each tool's documented default). */
const DEFAULT_TEST_PATTERNS = {
  jest: ['**/__tests__/**/*.?([mc])[jt]s?(x)', '**/?(*.)+(spec|test).?([mc])[jt]s?(x)'],
  playwright: ['**/*.@(spec|test).?(c|m)[jt]s?(x)'],
  bun: ['**/*{.,_}{test,spec}.{js,jsx,ts,tsx,mjs,cjs,mts,cts}'],
  // node --test where Node strips types (nodejs/node#57359); its `**/test/**/*.{cjs,mjs,js}` takes
  // vitest.config.cjs, which has nothing to run: checked below.
  'node --test': ['**/test/**/*.test.{cts,mts,ts}', '**/test/**/*-test.{cts,mts,ts}', '**/test/**/*_test.{cts,mts,ts}'],
};

describe("the project's own test run and the hook tests", () => {
  it("vitest with its defaults runs the project's tests only; jest, Playwright, bun and node --test's default patterns match no generated file", () => {
    const root = tempDir('rh-own-run-');
    git(root, 'init', '-q');
    writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'acme', private: true, type: 'module', scripts: { test: 'vitest run' } }, null, 2)}\n`);
    writeFileSync(join(root, '.gitignore'), 'node_modules\n');
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/sum.test.ts'), "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n");
    initWithTools(root);

    const listed = run(root, process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly']);
    expect(listed.status, listed.output).toBe(0);
    expect(listed.output.trim().split('\n')).toEqual(['src/sum.test.ts']);

    const generated = readdirSync(join(root, 'test/hooks')).map((file) => `test/hooks/${file}`);
    expect(generated.sort()).toEqual(['test/hooks/stop-watcher.bats', 'test/hooks/stop-watcher.vitest.ts', 'test/hooks/vitest.config.cjs']);
    for (const [tool, patterns] of Object.entries(DEFAULT_TEST_PATTERNS)) {
      // The name the vitest file had before: every one of these runners would take it.
      expect(patterns.some((pattern) => matchesGlob('test/hooks/stop-watcher.test.ts', pattern)), tool).toBe(true);
      for (const file of generated) expect(patterns.some((pattern) => matchesGlob(file, pattern)), `${tool}: ${file}`).toBe(false);
    }
    const nodeTest = run(root, process.execPath, ['--test', 'test/hooks/vitest.config.cjs']);
    expect(nodeTest.output).toMatch(/^# pass 1$/m);
    expect(nodeTest.status).toBe(0);
  }, 240_000);
});
