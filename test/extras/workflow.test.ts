/** The generated GitHub Actions workflow (extras.workflow). */
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/hooks.js';
import { DEV_DEPENDENCY_RANGES } from '../../src/extras.js';
import { packageVersion } from '../../src/package-info.js';

const workflow = (extras: object) =>
  renderHooks(validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { workflow: true, ...extras } })).files.find((f) => f.path === '.github/workflows/ralph-hooks.yml')?.content;

describe('the generated workflow', () => {
  it('installs, checks the generated files, runs doctor, the tests and the cases with a JUnit report', () => {
    const text = workflow({ vitest: true, bats: true, cases: true, packageJson: true })!;
    const runs = [...text.matchAll(/^ +run: (.*)$/gm)].map((m) => m[1]);
    expect(runs).toEqual([
      'if [ -f package-lock.json ]; then npm ci; else npm install; fi',
      'npx ralph-hooks generate --on-conflict=fail && git diff --exit-code',
      'npx ralph-hooks doctor',
      // Computed values are rendered as YAML double-quoted strings.
      '"npx vitest run --config test/hooks/vitest.config.cjs"',
      '"node_modules/bats/bin/bats test/hooks"',
      'npx ralph-hooks test --reporter human --reporter junit=reports/hook-cases.xml',
    ]);
    expect(text).toContain('uses: actions/checkout@v4');
    expect(text).toMatch(/uses: actions\/setup-node@v4\n +with:\n +node-version: 20/);
    expect(text).toMatch(/- name: Upload the JUnit report\n +if: always\(\)\n +uses: actions\/upload-artifact@v4/);
    expect(text).not.toMatch(/\n\n\n/);
  });

  it('without extras.packageJson, installs what the tests need without saving it (package.json names none of it)', () => {
    const runs = [...workflow({ vitest: true, bats: true, cases: true })!.matchAll(/^ +run: (.*)$/gm)].map((m) => m[1]);
    expect(runs.slice(0, 2)).toEqual([
      'if [ -f package-lock.json ]; then npm ci; elif [ -f package.json ]; then npm install; fi',
      `"npm install --no-save --no-package-lock ralph-hooks@^${packageVersion()} vitest@${DEV_DEPENDENCY_RANGES.vitest} bats@${DEV_DEPENDENCY_RANGES.bats}"`,
    ]);
  });

  it('leaves out the steps of extras that are off', () => {
    const text = workflow({})!;
    expect(text).not.toContain('vitest');
    expect(text).not.toContain('bats');
    expect(text).not.toContain('ralph-hooks test');
    expect(text).toContain('npx ralph-hooks doctor');
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
