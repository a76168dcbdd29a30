/**
 * `npm test`: lint, format, typecheck, every workspace's vitest suite (real Redis, embedded MongoDB engine), then
 * the Playwright suite in Debian's chromium against the whole stack started the way `npm start` starts it.
 * Ends with one line `N passed, N failed`. `--only unit|e2e|static` runs one part.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureRedisBinary } from '@nomadswap/dev-stores/redis-server';
import { freePort } from '@nomadswap/dev-stores/free-port';
import { ensureDebianCommand } from './lib/apt';
import { ensureChromium } from './lib/chromium';
import { say } from './lib/log';
import { buildWebIfNeeded, ROOT } from './lib/stack';

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const want = (part: 'static' | 'unit' | 'e2e') => !only || only === part;

const tally = { passed: 0, failed: 0 };
const failures: string[] = [];
const reportDir = path.join(ROOT, '.tmp');
fs.mkdirSync(reportDir, { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
}

/** A check that is not a test runner (lint, types) counts as one test. */
function check(name: string, command: string, args: string[]) {
  say(`── ${name}`);
  const ok = run(command, args).status === 0;
  if (ok) tally.passed++;
  else {
    tally.failed++;
    failures.push(name);
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The suite cannot quietly shrink: a skipped test fails the run, and so does a run of fewer tests than the floor
 * kept in `scripts/test-floor.json` (raise it when tests are added; lower it only with a reason in the commit).
 * A partial run (`--only`, a file filter) is checked for skips only.
 */
const FLOOR_FILE = path.join(ROOT, 'scripts', 'test-floor.json');
const floors = readJson<Record<'vitest' | 'e2e', number>>(FLOOR_FILE);
function guardSize(part: 'vitest' | 'e2e', counts: { ran: number; skipped: number }) {
  if (counts.skipped > 0) {
    tally.failed++;
    failures.push(`${part}: ${counts.skipped} skipped (a test must run)`);
  }
  const floor = floors?.[part];
  if (floor === undefined) return;
  say(`${part}: ${counts.ran} tests ran (floor ${floor})`);
  if (counts.ran < floor) {
    tally.failed++;
    failures.push(
      `${part}: ${counts.ran} tests ran, fewer than the floor of ${floor} in scripts/test-floor.json`,
    );
  }
}

try {
  ensureRedisBinary(say);
  if (want('e2e')) ensureChromium(say);
  // The compose file is validated by `docker-compose config` in the scripts tests.
  if (want('unit')) ensureDebianCommand('docker-compose', 'docker-compose', say);
} catch (error) {
  console.error((error as Error).message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (want('static')) {
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
}

if (want('unit')) {
  say('── unit and integration tests (vitest)');
  const out = path.join(reportDir, 'vitest.json');
  fs.rmSync(out, { force: true });
  const result = run('npx', [
    'vitest',
    'run',
    '--allowOnly=false',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(out);
  if (report) {
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    if (report.numFailedTests > 0) failures.push(`vitest: ${report.numFailedTests} failed`);
    guardSize('vitest', {
      ran: report.numPassedTests + report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    });
  }
  if (result.status !== 0 && (!report || report.numFailedTests === 0)) {
    tally.failed++;
    failures.push('vitest run failed outside the tests (see above)');
  }
}

if (want('e2e')) {
  say('── browser tests (Playwright, Debian chromium, whole stack)');
  buildWebIfNeeded();
  const out = path.join(reportDir, 'e2e.json');
  fs.rmSync(out, { force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-e2e-'));
  const result = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    E2E_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  }>(out);
  if (report) {
    tally.passed += report.stats.expected + report.stats.flaky;
    tally.failed += report.stats.unexpected;
    if (report.stats.unexpected > 0) failures.push(`e2e: ${report.stats.unexpected} failed`);
    guardSize('e2e', {
      ran: report.stats.expected + report.stats.flaky + report.stats.unexpected,
      skipped: report.stats.skipped,
    });
  }
  if (result.status !== 0 && (!report || report.stats.unexpected === 0)) {
    tally.failed++;
    failures.push('playwright run failed outside the tests (see above)');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) say(`failed: ${failures.join('; ')}`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed > 0 ? 1 : 0);
