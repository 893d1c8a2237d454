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
