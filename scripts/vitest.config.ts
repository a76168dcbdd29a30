import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.ts', 'seed/**/*.test.ts'],
    // The demo seed runs against the items app on the run's embedded MongoDB and Redis.
    globalSetup: ['../shared/dev-stores/src/vitest-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
