/**
 * `npm run mutation -- <target> [stryker options]`: StrykerJS on one target (contracts, auth, items, messaging,
 * moderation; each has its stryker.config.mjs), bounded by MUTATION_TIMEOUT_MINUTES (30). Prints the mutation
 * score, the load average before and after, and every surviving mutant. Not part of `npm test`.
 *
 *   npm run mutation -- contracts
 *   npm run mutation -- messaging --mutate src/domain/exchange-process.ts,src/domain/act-on-exchange.ts
 *
 * A pure domain file is measured with its own unit tests only: `--unit <test files>` runs just those, without the
 * service's global setup (Redis, the embedded engine; scripts/mutation/vitest.unit.config.mjs), so a mutant takes
 * milliseconds instead of seconds; a part of a file is named by line range (`file:from-to`):
 *
 *   npm run mutation -- messaging --mutate src/domain/exchange-process.ts --unit src/domain/exchange-process.test.ts
 *   npm run mutation -- messaging --mutate src/domain/get-reply-time.ts:15-34 --unit src/domain/reply-delays.test.ts
 *
 * `--all-tests` runs every related test against each mutant instead of only the tests Stryker saw covering it
 * (coverageAnalysis 'all'): slower, but right for code a background worker runs between tests (a queue's
 * processor, a projection), which per-test coverage does not pair with the test that caused it (docs/mutation.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { say } from './lib/log';
import { ROOT } from './lib/stack';

const TARGETS: Record<string, string> = {
  contracts: 'shared/contracts',
  auth: 'services/auth',
  items: 'services/items',
  messaging: 'services/messaging',
  moderation: 'services/moderation',
};

const [target, ...args] = process.argv.slice(2);
const unitAt = args.indexOf('--unit');
const unitTests = unitAt >= 0 ? args[unitAt + 1] : undefined;
if (unitAt >= 0 && !unitTests) {
  console.error('--unit needs the test files, comma-separated (paths in the target)');
  process.exit(2);
}
const allTests = args.includes('--all-tests');
const strykerArgs = (unitAt >= 0 ? [...args.slice(0, unitAt), ...args.slice(unitAt + 2)] : args).filter(
  (arg) => arg !== '--all-tests',
);
if (!target || !TARGETS[target]) {
  console.error(`usage: npm run mutation -- <${Object.keys(TARGETS).join('|')}> [stryker options]`);
  process.exit(2);
}
const dir = path.join(ROOT, TARGETS[target]);
const reportFile = path.join(ROOT, '.tmp', 'mutation', target, 'report.json');
const minutes = Number(process.env.MUTATION_TIMEOUT_MINUTES ?? 30);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const loadBefore = load();
const started = Date.now();
say(`── mutation testing ${target} (${TARGETS[target]}), at most ${minutes} min, load average ${loadBefore}`);
fs.rmSync(reportFile, { force: true });
const child = spawn('npx', ['stryker', 'run', 'stryker.config.mjs', ...strykerArgs], {
  cwd: dir,
  env: {
    ...process.env,
    ...(unitTests ? { MUTATION_UNIT_TESTS: unitTests } : {}),
    ...(allTests ? { MUTATION_ALL_TESTS: '1' } : {}),
  },
  stdio: 'inherit',
  detached: true,
});
const timer = setTimeout(() => {
  say(`── stopped after ${minutes} min (MUTATION_TIMEOUT_MINUTES)`);
  process.kill(-child.pid!, 'SIGTERM');
}, minutes * 60_000);
const code = await new Promise<number>((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
clearTimeout(timer);

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
if (!fs.existsSync(reportFile)) {
  say(`── no report (stryker exited ${code})`);
  process.exit(code || 1);
}
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
  files: Record<string, { mutants: Mutant[] }>;
};
const count: Record<string, number> = {};
const survivors: string[] = [];
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    count[mutant.status] = (count[mutant.status] ?? 0) + 1;
    if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
      const { line, column } = mutant.location.start;
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
      survivors.push(`${file}:${line}:${column} ${mutant.mutatorName} ${mutant.status}: ${replacement}`);
    }
  }
}
const detected = (count.Killed ?? 0) + (count.Timeout ?? 0);
const undetected = (count.Survived ?? 0) + (count.NoCoverage ?? 0);
const score = detected + undetected ? (100 * detected) / (detected + undetected) : 100;
say(`── surviving mutants (${survivors.length})`);
for (const line of survivors) console.log(`   ${line}`);
say(
  `── ${target}: mutation score ${score.toFixed(2)} % (${detected} detected, ${undetected} undetected: ` +
    `${JSON.stringify(count)}) in ${Math.round((Date.now() - started) / 1000)} s; ` +
    `load average ${loadBefore} before, ${load()} after`,
);
process.exit(code);
