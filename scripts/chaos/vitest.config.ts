import { defineConfig } from 'vitest/config';

/**
 * The short fault-injection suite (chaos.test.ts): one whole stack started with the launcher's code, three faults.
 * Its own project because it needs no shared test stores (the stack runs its own) and long timeouts.
 */
export default defineConfig({
  test: {
    name: 'chaos',
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
