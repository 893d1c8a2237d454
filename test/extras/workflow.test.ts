/** The generated GitHub Actions workflow (extras.workflow). */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { DEV_DEPENDENCY_RANGES } from '../../src/generate/extras.js';
import { packageVersion } from '../../src/util/package-info.js';
import { useProject } from '../../src/package-managers/project.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.js';

const workflow = (extras: object) =>
  renderHooks(validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { workflow: true, ...extras } })).files.find((f) => f.path === '.github/workflows/ralph-hooks.yml')?.content;

describe('the generated workflow', () => {
  it('installs, checks the generated files, runs doctor, the tests and the cases with a JUnit report', () => {
    const text = workflow({ vitest: true, bats: true, cases: true, packageJson: true })!;
    const runs = [...text.matchAll(/^ +run: (.*)$/gm)].map((m) => m[1]);
    // Every command is rendered as a YAML double-quoted string.
    expect(runs.map((run) => JSON.parse(run!))).toEqual([
      'if [ -f package-lock.json ] || [ -f npm-shrinkwrap.json ]; then npm ci; else npm install; fi',
      'npx ralph-hooks generate --on-conflict=fail && git diff --exit-code',
      'npx ralph-hooks doctor',
      'npx vitest run --config test/hooks/vitest.config.cjs',
      'npx ralph-hooks bats test/hooks',
      'npx ralph-hooks test --reporter human --reporter junit=.ralph-hooks/reports/hook-cases.xml',
    ]);
    expect(text).toContain('uses: actions/checkout@v4');
    expect(text).toMatch(/uses: actions\/setup-node@v4\n +with:\n +node-version: 20/);
    expect(text).toMatch(/- name: Upload the JUnit report\n +if: always\(\)\n +uses: actions\/upload-artifact@v4/);
    expect(text).not.toMatch(/\n\n\n/);
  });

  it('without extras.packageJson, installs only what the vitest tests import, without saving it; the rest runs the version that wrote it', () => {
    const runs = [...workflow({ vitest: true, bats: true, cases: true })!.matchAll(/^ +run: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(runs.slice(0, 2)).toEqual([
      `npm install --no-save --no-package-lock ralph-hooks@^${packageVersion()} vitest@${DEV_DEPENDENCY_RANGES.vitest}`,
      `npx --yes ralph-hooks@${packageVersion()} generate --on-conflict=fail && git diff --exit-code`,
    ]);
    const standalone = [...workflow({ bats: true, cases: true })!.matchAll(/^ +run: (.*)$/gm)].map((m) => JSON.parse(m[1]!));
    expect(standalone.join('\n')).not.toMatch(/npm (ci|install)/);
    expect(standalone).toContain(`npx --yes ralph-hooks@${packageVersion()} bats test/hooks`);
    // npm's cache (npx's installs in it) kept between runs: the first step starts ralph-hooks from it.
    expect(workflow({ bats: true, cases: true })).toMatch(/node-version: 20\n(?: +#.*\n)+ +cache: npm\n +cache-dependency-path: ralph-hooks\.config\.json\n/);
  });

  it('with package.json naming ralph-hooks, no npx cache: the install step has it', () => {
    expect(workflow({ vitest: true, bats: true, cases: true, packageJson: true })).not.toContain('cache: npm');
  });

  describe.each([
    { pm: 'pnpm', files: { 'pnpm-lock.yaml': '' }, setup: ['- uses: pnpm/action-setup@v4', 'with:', 'version: 10'], install: 'pnpm install', exec: 'pnpm exec' },
    { pm: 'pnpm pinned by packageManager', files: { 'package.json': '{"packageManager":"pnpm@9.15.0"}' }, setup: ['- uses: pnpm/action-setup@v4'], install: 'pnpm install', exec: 'pnpm exec' },
    { pm: 'yarn berry', files: { 'yarn.lock': '\n__metadata:\n  version: 8\n', '.yarnrc.yml': '' }, setup: ['- run: "corepack enable"'], install: 'yarn install', exec: 'yarn' },
    { pm: 'yarn classic', files: { 'yarn.lock': '# yarn lockfile v1\n' }, setup: [], install: 'if [ -f yarn.lock ]; then yarn install --frozen-lockfile; else yarn install; fi', exec: 'yarn' },
    { pm: 'bun', files: { 'bun.lock': '{}' }, setup: ['- uses: oven-sh/setup-bun@v2'], install: 'if [ -f bun.lock ] || [ -f bun.lockb ]; then bun install --frozen-lockfile; else bun install; fi', exec: 'bunx' },
  ])('in a $pm project', ({ files, setup, install, exec }) => {
    it('sets the package manager up before Node, installs with it, and runs everything through it', () => {
      const root = tempDir('rh-workflow-pm-');
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
      useProject(root, {});
      try {
        const text = workflow({ vitest: true, bats: true, cases: true, packageJson: true })!;
        const steps = text.slice(text.indexOf('actions/checkout@v4') + 'actions/checkout@v4'.length, text.indexOf('- uses: actions/setup-node@v4')).trim();
        expect(steps.split('\n').map((line) => line.trim()).filter(Boolean)).toEqual(setup);
        const runs = [...text.matchAll(/^ +run: (.*)$/gm)].map((m) => JSON.parse(m[1]!)).filter((run) => run !== 'corepack enable');
        expect(runs[0]).toBe(install);
        expect(runs.slice(1)).toEqual([
          `${exec} ralph-hooks generate --on-conflict=fail && git diff --exit-code`,
          `${exec} ralph-hooks doctor`,
          `${exec} vitest run --config test/hooks/vitest.config.cjs`,
          `${exec} ralph-hooks bats test/hooks`,
          `${exec} ralph-hooks test --reporter human --reporter junit=.ralph-hooks/reports/hook-cases.xml`,
        ]);
        expect(text).not.toMatch(/\bnp[mx] /);
      } finally {
        useProject(process.cwd(), {});
      }
    });
  });

  it('leaves out the steps of extras that are off', () => {
    const text = workflow({})!;
    expect(text).not.toContain('vitest');
    expect(text).not.toContain('bats');
    expect(text).not.toContain('ralph-hooks test');
    expect(text).toContain('ralph-hooks@0.1.0 doctor');
  });

  it('is not generated when extras.workflow is off', () => {
    expect(renderHooks(validateConfig({ hooks: [] })).files.map((f) => f.path)).toEqual(['.ralph-hooks/.gitignore']);
  });

  it('is valid YAML by structure: two-space indents, no tabs, one job', () => {
    const text = workflow({ vitest: true, bats: true, cases: true })!;
    expect(text).not.toContain('\t');
    for (const line of text.split('\n')) expect(line.match(/^ */)![0].length % 2, line).toBe(0);
    expect(text).toMatch(/^jobs:\n {2}hooks:\n {4}runs-on: ubuntu-latest$/m);
  });
});
