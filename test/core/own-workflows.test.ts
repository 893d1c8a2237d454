/**
 * This repository's own scheduled workflows stay in step with the code they run: the long
 * fuzz run has one job per preset, and each job picks its preset's hooks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/presets/index.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('.github/workflows/fuzz-long.yml', () => {
  const workflow = readFileSync(join(REPO_ROOT, '.github/workflows/fuzz-long.yml'), 'utf8');

  it('has a job for every preset, and no other', () => {
    const matrix = /^ {8}preset: \[(.*)\]$/m.exec(workflow)?.[1]?.split(',').map((name) => name.trim());
    expect(matrix?.sort()).toEqual(PRESETS.map((preset) => preset.id).sort());
  });

  it('runs bench/fuzz.mjs with 10,000 inputs on that preset alone, and fails when it does', () => {
    expect(workflow).toContain('FUZZ_ONLY: ^${{ matrix.preset }}/');
    expect(workflow).toMatch(/shell: bash .*\n(.*\n)*? +run: node bench\/fuzz\.mjs 10000 \| tee fuzz\.log/);
  });
});

describe('.github/workflows/report-page.yml', () => {
  const workflow = readFileSync(join(REPO_ROOT, '.github/workflows/report-page.yml'), 'utf8');
  const browserTest = readFileSync(join(REPO_ROOT, 'test/browser/report-page.test.ts'), 'utf8');

  it('runs the browser test with Chromium required, and uploads the screenshot where the test keeps it', () => {
    expect(workflow).toContain('RALPH_HOOKS_BROWSER: required');
    expect(workflow).toContain('RALPH_HOOKS_ARTIFACTS: ${{ github.workspace }}/.ci/artifacts');
    expect(workflow).toContain('run: npx vitest run test/browser');
    expect(browserTest).toContain("join(out, 'report-page.png')");
    expect(workflow).toMatch(/uses: actions\/upload-artifact@v4\n +with:\n +name: report-page\n +path: \.ci\/artifacts\/report-page\.png/);
  });

  it('.ci/run installs Chromium and keeps the screenshot in the same folder', () => {
    const run = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8');
    expect(run).toContain('command -v chromium >/dev/null 2>&1 || missing+=(chromium)');
    expect(run).toContain('export RALPH_HOOKS_ARTIFACTS="${RALPH_HOOKS_ARTIFACTS:-$PWD/.ci/artifacts}"');
    expect(readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8')).toContain('.ci/artifacts/\n');
  });
});
