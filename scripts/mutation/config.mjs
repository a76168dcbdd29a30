// The StrykerJS settings every target shares; each target's stryker.config.mjs names what it mutates.
// Run through `npm run mutation -- <target>` (scripts/mutation.ts), never by `npm test`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a target's report and incremental file live (git-ignored). */
export const mutationDir = (target) => path.join(ROOT, '.tmp', 'mutation', target);

/**
 * @param {string} target
 * @param {Partial<import('@stryker-mutator/api/core').PartialStrykerOptions>} options
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationConfig(target, options) {
  const unitTests = process.env.MUTATION_UNIT_TESTS;
  return {
    testRunner: 'vitest',
    // Only the test files that import the mutated code (vitest's `related`), each mutant only against the
    // tests that cover it.
    vitest: { configFile: 'vitest.config.ts', related: true },
    // Each mutant only against the tests seen covering it; `--all-tests` (MUTATION_ALL_TESTS): against every
    // related test, for code a background worker runs between tests, which per-test coverage misses.
    coverageAnalysis: process.env.MUTATION_ALL_TESTS ? 'all' : 'perTest',
    // The machine has 2 shared cores and others run tests on it.
    concurrency: 2,
    // Only mutants whose code or tests changed since the last run are tested again.
    incremental: true,
    incrementalFile: path.join(mutationDir(target), 'incremental.json'),
    timeoutMS: 15_000,
    dryRunTimeoutMinutes: 10,
    reporters: ['clear-text', 'progress', 'json'],
    jsonReporter: { fileName: path.join(mutationDir(target), 'report.json') },
    thresholds: { high: 90, low: 75, break: null },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    ignorePatterns: ['dist', 'coverage', '.tmp', '.data', 'stryker.config.mjs'],
    ...options,
    // `--unit <test files>` (scripts/mutation.ts): only those tests, without the target's global setup.
    ...(unitTests
      ? {
          vitest: { configFile: path.join(ROOT, 'scripts/mutation/vitest.unit.config.mjs'), related: false },
          concurrency: 1,
        }
      : {}),
  };
}
