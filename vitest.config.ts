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
    // Three files at a time on two cores: some files wait (a hook's 10 s limit, an agent CLI
    // between turns, a server starting) and a third keeps the cores busy meanwhile. The whole
    // suite, idle machine: two workers 1,099 s (1.72 of 2 cores busy), three 981 s (1.82),
    // four 913 s (1.91), but with four a fresh clone's run lost two tests that wait for a
    // StopFailure hook's detached writes (twice: the client ends its StopFailure hooks some
    // 1.5 s after starting them, and four files at once starve them of that long).
    maxWorkers: 3,
    // Sized for a loaded 2-core machine: a CLI start there can take seconds.
    testTimeout: 120_000,
    // .ci/run sets RALPH_HOOKS_TEST_RETRY=1: a test that fails once and then passes is named
    // in the output as flaky (test/helpers/flaky-reporter.ts) instead of failing the run.
    retry: Number(process.env.RALPH_HOOKS_TEST_RETRY ?? 0),
    hookTimeout: 240_000,
  },
});
