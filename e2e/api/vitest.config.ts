import { defineConfig } from 'vitest/config';

// Whole-stack API tests: the four services' real apps in-process on the embedded engine and real Redis.
export default defineConfig({
  test: {
    name: 'api',
    include: ['**/*.test.ts'],
    globalSetup: ['../../shared/dev-stores/src/vitest-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
