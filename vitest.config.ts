import { defineConfig } from 'vitest/config';

// Each workspace owns its vitest config; the root only lists them so `vitest run` covers the repo.
export default defineConfig({
  test: {
    projects: [
      'shared/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      '{gateway,web,scripts}/vitest.config.ts',
      'e2e/api/vitest.config.ts',
      'scripts/chaos/vitest.config.ts',
    ],
  },
});
