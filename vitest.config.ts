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
    // Two files at a time on two cores (the default would be one). The suite keeps both busy:
    // test/real-client took 466 s of CPU in 240 s with two workers, and as long with three.
    maxWorkers: 2,
    // Sized for a loaded 2-core machine: a CLI start there can take seconds.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
