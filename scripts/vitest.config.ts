import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scripts',
    include: ['test/**/*.test.ts', 'seed/**/*.test.ts'],
    // The demo seed runs against the items app on the run's embedded MongoDB and Redis.
    globalSetup: ['../shared/dev-stores/src/vitest-global-setup.ts'],
    // The seed and approval tests run the real auth and items apps (registration, photos, approval): room for a
    // shared CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
