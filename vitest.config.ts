import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // yeoman-test calls process.chdir(), which worker threads forbid.
    pool: 'forks',
    // Sized for a loaded 2-core machine: a CLI start there can take seconds.
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
