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

  it('.ci/run ends with it, and the package test script runs bats even when vitest fails', () => {
    expect(readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8')).toContain('.ci/summarize "$log" "$e2e_status"');
    const script = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.test as string;
    const run = spawnSync('sh', ['-c', script.replace('npm run build && npm run typecheck && ', '').replace('vitest run', 'echo vitest; false').replace('npm run test:bats', 'echo bats')], { encoding: 'utf8' });
    expect(run.stdout).toBe('vitest\nbats\n');
    expect(run.status).not.toBe(0);
  });
});
