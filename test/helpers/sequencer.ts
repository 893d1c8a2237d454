/**
 * The order test files start in: vitest's own (failed first, then longest first, from its
 * cache of the last run), except on a run with no cache (a fresh clone, CI). There vitest starts
 * the largest files first, so a short file that loops over data (rules.test.ts) starts last and
 * runs on alone while the other worker idles; here the files known to run longest go first.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest-running files, longest first (scripts/test.mjs ends with each folder's time). */
export const LONGEST = [
  'test/e2e/init-matrix.test.ts',
  'test/fuzz/hooks.test.ts',
  'test/e2e/generated-project-tests.test.ts',
  'test/fuzz/injection.test.ts',
  'test/real-client/shared-scenarios.test.ts',
  'test/guards/rules.test.ts',
  'test/stress/convergence-pressure.test.ts',
  'test/e2e/pack-install.test.ts',
  'test/real-client/copilot-client.test.ts',
  'test/e2e/docs-run.test.ts',
  'test/e2e/formatters.test.ts',
  'test/cli/lifecycle.test.ts',
  'test/guards/guard.test.ts',
  'test/core/explain.test.ts',
  'test/cli/arguments.test.ts',
  'test/guards/corpus.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    for (const file of LONGEST) if (!existsSync(join(root, file))) throw new Error(`test/helpers/sequencer.ts lists ${file}, which does not exist`);
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    if (sorted.some((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`))) return sorted;
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.indexOf(path(spec));
      return at === -1 ? LONGEST.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
