import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Before each test, a page a browser test opened must still draw frames (test/web/watch-frames.ts).
    setupFiles: ['test/web/watch-frames.ts'],
    // Two shared cores: few workers, so child-process and server tests are not starved.
    pool: 'forks',
    maxWorkers: 2,
  },
});
