// `npm run mutation -- <service> --unit <test files>`: the target's pure unit tests alone, without the stores'
// global setup (Redis and the embedded engine). Besides saving their start-up, this is what lets Stryker judge
// static mutants (a table built when the module loads): with that global setup its vitest runner never
// activated them (all 80 of exchange-process.ts's table survived), without it they are killed.
import { defineConfig } from 'vitest/config';

const files = (process.env.MUTATION_UNIT_TESTS ?? '').split(',').filter(Boolean);
if (files.length === 0) throw new Error('MUTATION_UNIT_TESTS names no test file');

export default defineConfig({
  // Stryker runs vitest in the target's sandbox; the paths are relative to it.
  root: process.cwd(),
  test: { name: 'mutation-unit', include: files },
});
