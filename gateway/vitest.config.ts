import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'gateway',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../shared/dev-stores/src/vitest-redis-setup.ts'],
    testTimeout: 20_000,
  },
});
