/**
 * .ci/run's closing line counts every runner from its own output, even when one fails or
 * never runs (bats used to count as 0 when vitest failed, because it never ran).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

function summarize(log: string, e2eStatus = 0): string {
  const file = join(tempDir('rh-ci-'), 'log');
  writeFileSync(file, log);
  const result = spawnSync(join(REPO_ROOT, '.ci/summarize'), [file, String(e2eStatus)], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split('\n').pop()!;
}

const VITEST_FAILED = '\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[31m7 failed\x1b[39m\x1b[22m\x1b[2m | \x1b[22m\x1b[1m\x1b[32m444 passed\x1b[39m\x1b[22m (451)\n';
const BATS = '1..3\nok 1 a\nnot ok 2 b\nok 3 c\n';

describe('.ci/summarize', () => {
  it('vitest failed, bats ran after it: both counted', () => {
    expect(summarize(`${VITEST_FAILED}${BATS}`)).toBe('447 passed, 8 failed');
  });

  it('vitest crashed without a summary: one failure, bats still counted', () => {
    expect(summarize(`Error: worker exited\n${BATS}`, 1)).toBe('2 passed, 3 failed');
  });

  it('bats stopped early: the tests its plan promised count as failed; no plan at all is one failure', () => {
    expect(summarize(`${VITEST_FAILED}1..5\nok 1 a\nok 2 b\n`)).toBe('447 passed, 10 failed');
    expect(summarize(VITEST_FAILED)).toBe('445 passed, 8 failed');
  });

  it('names the flaky and the failed tests last, where the log\'s tail shows them', () => {
    const file = join(tempDir('rh-ci-'), 'log');
    writeFileSync(file, `flaky (vitest):\n  test/b.test.ts > two (passed on retry 1)\n\nfailed (vitest):\n  test/a.test.ts > one: AssertionError: no\n\n${VITEST_FAILED}${BATS}`);
    const out = spawnSync(join(REPO_ROOT, '.ci/summarize'), [file, '0'], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(out.slice(-7)).toEqual(['flaky (vitest):', '  test/b.test.ts > two (passed on retry 1)', 'failed (vitest):', '  test/a.test.ts > one: AssertionError: no', 'failed (bats): not ok 2 b', 'vitest: 444 passed, 7 failed; bats: 2 passed, 1 failed; e2e: 1 passed, 0 failed', '447 passed, 8 failed']);
  });

  it('the README names every tool .ci/run installs, and the package that provides it', () => {
    const run = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8');
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const tools = [...run.matchAll(/^command -v (\S+) .*missing\+=\((\S+)\)$/gm)].map((m) => [m[1]!, m[2]!]);
    expect(tools.map(([tool]) => tool)).toEqual(expect.arrayContaining(['jq', 'shellcheck', 'xmllint', 'script', 'curl', 'git', 'tar']));
    for (const [tool, pkg] of tools) {
      expect(readme, tool).toContain(`\`${tool}\``);
      expect(readme, pkg).toMatch(new RegExp(`apt-get install -y [^\\n\`]*\\b${pkg}\\b`));
    }
  });

  it('.ci/run ends with it; the package test script runs vitest, bats and the typecheck side by side and fails when any fails', () => {
    expect(readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8')).toContain('.ci/summarize "$log" "$e2e_status"');
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.test).toMatch(/&& node scripts\/test\.mjs --typecheck$/);
    expect(scripts['test:quick']).toMatch(/&& node scripts\/test\.mjs --quick$/);
    const dir = tempDir('rh-test-script-');
    writeFileSync(join(dir, 'passes.bats'), '@test "passes" { true; }\n');
    writeFileSync(join(dir, 'fails.bats'), '@test "fails" { false; }\n');
    // vitest finds no file under a folder that does not exist: a failure, or with
    // --passWithNoTests a pass, either way in a second, with no test file run.
    const runner = (bats: string, ...vitest: string[]) => spawnSync(process.execPath, ['scripts/test.mjs', '--bats', join(dir, bats), '--', ...vitest, 'test/no-such-folder/'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    // vitest fails, bats passes: bats still ran, and the run fails.
    const vitestFails = runner('passes.bats');
    expect(vitestFails.stdout).toMatch(/^ok 1 passes$/m);
    expect(vitestFails.status).toBe(1);
    // vitest passes, bats fails: the run fails, and the times are printed.
    const batsFails = runner('fails.bats', '--passWithNoTests');
    expect(batsFails.stdout).toMatch(/^not ok 1 fails$/m);
    expect(batsFails.stdout).toMatch(/^time: vitest \d+ s, bats \d+ s \(side by side\); vitest file time per folder:$/m);
    expect(batsFails.status).toBe(1);
    // Both pass, the typecheck fails (a project whose tsconfig names a file with a type error).
    writeFileSync(join(dir, 'bad.ts'), 'export const n: number = "text";\n');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: ['bad.ts'] }));
    const typesFail = spawnSync(process.execPath, ['scripts/test.mjs', `--typecheck=${join(dir, 'tsconfig.json')}`, '--bats', join(dir, 'passes.bats'), '--', '--passWithNoTests', 'test/no-such-folder/'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(typesFail.stdout).toMatch(/^ok 1 passes$/m);
    expect(typesFail.stdout).toMatch(/^typecheck \(tsc -p .+tsconfig\.json\), \d+ s: FAILED$/m);
    expect(typesFail.stdout).toContain("Type 'string' is not assignable to type 'number'");
    expect(typesFail.status).toBe(1);
    // --quick leaves test/bats out (test:bats runs it), but runs the bats files it is given.
    const quick = (...args: string[]) => spawnSync(process.execPath, ['scripts/test.mjs', '--quick', ...args, '--', '--passWithNoTests', 'test/no-such-folder/'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const quickAlone = quick();
    expect(quickAlone.stdout).toMatch(/^bats: not in --quick \(npm run test:bats\)$/m);
    expect(quickAlone.stdout).not.toMatch(/^(not )?ok \d+ /m);
    expect(quickAlone.stdout).toMatch(/^time: vitest \d+ s; vitest file time per folder:$/m);
    expect(quickAlone.status).toBe(0);
    const quickWithBats = quick('--bats', join(dir, 'fails.bats'));
    expect(quickWithBats.stdout).toMatch(/^not ok 1 fails$/m);
    expect(quickWithBats.status).toBe(1);
  }, 120_000);
});
