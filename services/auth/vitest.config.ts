import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['@nomadswap/dev-stores/vitest-global-setup'],
    // After each file: no response it received carried a password hash.
    setupFiles: ['test/support/scan-responses.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
