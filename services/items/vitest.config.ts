import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'items',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['@nomadswap/dev-stores/vitest-global-setup'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
