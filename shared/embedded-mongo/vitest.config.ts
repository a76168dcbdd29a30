import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'embedded-mongo',
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
