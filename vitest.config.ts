import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two shared cores: few workers, so child-process and server tests are not starved.
    pool: 'forks',
    maxWorkers: 2,
  },
});
