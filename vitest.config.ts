import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // yeoman-test calls process.chdir(), which worker threads forbid.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
