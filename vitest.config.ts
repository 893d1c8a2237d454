import { defineConfig } from 'vitest/config';
import LongestFirst from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // yeoman-test calls process.chdir(), which worker threads forbid.
    pool: 'forks',
    // One worker process runs many files: each file no longer starts a process and loads the
    // modules again (a third of the CPU of a small file). Tests share no state through modules.
    isolate: false,
    setupFiles: ['test/helpers/each-file.ts'],
    sequence: { sequencer: LongestFirst },
    // Four files at a time on two cores: some files wait (a hook's 10 s limit, an agent CLI
    // between turns, a server starting) and the others keep the cores busy meanwhile. The whole
    // suite, idle machine: two workers 1,099 s (1.72 of 2 cores busy), three 981 s (1.82), four
    // 913 s (1.91). (Four once lost two StopFailure tests that waited on the hook's detached
    // writes; the hook now writes its end record last, which is what they wait for.)
    maxWorkers: 4,
    // Sized for a loaded 2-core machine: a CLI start there can take seconds.
    testTimeout: 120_000,
    // .ci/run sets RALPH_HOOKS_TEST_RETRY=1: a test that fails once and then passes is named
    // in the output as flaky (test/helpers/flaky-reporter.ts) instead of failing the run.
    retry: Number(process.env.RALPH_HOOKS_TEST_RETRY ?? 0),
    hookTimeout: 240_000,
  },
});
