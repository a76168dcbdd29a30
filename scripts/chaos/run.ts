/**
 * `npm run chaos [-- fault…]`: starts a whole stack with the launcher's code (embedded MongoDB engine, private
 * redis-server, the services, workers and gateway), injects each fault in turn and prints its figures and
 * checks. Faults: service (SIGKILL items under load), worker (SIGKILL the image worker with CHAOS_JOBS, default
 * 100, jobs in flight), redis (restart Redis under load), mongo (SIGKILL the engine), replicas (a second stack
 * with two replicas of every service; SIGKILL one of each under load). Exits 1 when a check fails.
 */
import {
  killImageWorker,
  killMongo,
  killReplicas,
  killService,
  restartRedis,
  healthy,
  type FaultResult,
} from './faults';
import { loadAverage, startChaosStack, waitFor, type ChaosStack } from './lib';

const FAULTS: Record<string, (chaos: ChaosStack) => Promise<FaultResult>> = {
  service: (chaos) => killService(chaos),
  worker: (chaos) => killImageWorker(chaos, { jobs: Number(process.env.CHAOS_JOBS ?? 100) }),
  redis: (chaos) => restartRedis(chaos, { downMs: Number(process.env.CHAOS_REDIS_DOWN_MS ?? 3_000) }),
  mongo: (chaos) => killMongo(chaos),
};
/** Faults that need a stack of their own (started after the others, with these replicas). */
const REPLICA_FAULTS: Record<string, (chaos: ChaosStack) => Promise<FaultResult>> = {
  replicas: (chaos) => killReplicas(chaos),
};

const ALL = { ...FAULTS, ...REPLICA_FAULTS };
const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!ALL[name]) {
    console.error(`Unknown fault ${name}; choose from ${Object.keys(ALL).join(', ')}`);
    process.exit(2);
  }
}
const names = wanted.length > 0 ? wanted : Object.keys(ALL);

const log = (line: string) => process.stderr.write(`${line}\n`);
let failed = 0;
const report: string[] = [];

/** Runs the named faults of `faults` in turn on one stack started with `replicas`. */
async function runOn(
  faults: Record<string, (chaos: ChaosStack) => Promise<FaultResult>>,
  replicas?: Record<string, number>,
) {
  const chosen = names.filter((name) => faults[name]);
  if (chosen.length === 0) return;
  log(
    `[chaos] starting the stack${replicas ? ` (REPLICAS ${JSON.stringify(replicas)})` : ''}… (load average ${loadAverage()})`,
  );
  const chaos = await startChaosStack({ logLevel: process.env.LOG_LEVEL ?? 'error', replicas });
  try {
    for (const name of chosen) {
      await waitFor('the stack to be healthy before the fault', () => healthy(chaos), 120_000, 500);
      log(`[chaos] ${name}… (load average ${loadAverage()})`);
      const started = Date.now();
      let result: FaultResult;
      try {
        result = await faults[name]!(chaos);
      } catch (error) {
        failed++;
        report.push(`\n## ${name}: could not run: ${(error as Error).message}`);
        continue;
      }
      const lines = [
        `\n## ${result.fault}  (${((Date.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()})`,
      ];
      for (const [key, value] of Object.entries(result.figures)) lines.push(`  ${key.padEnd(52)} ${value}`);
      for (const c of result.checks) {
        if (!c.ok) failed++;
        lines.push(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name} — ${c.detail}`);
      }
      report.push(lines.join('\n'));
      log(lines.join('\n'));
    }
  } finally {
    await chaos.close();
  }
}

await runOn(FAULTS);
await runOn(REPLICA_FAULTS, { auth: 2, items: 2, messaging: 2, moderation: 2 });
console.log(`\nChaos run (2 shared cores; load average at the end ${loadAverage()})`);
console.log(report.join('\n'));
console.log(`\n${failed === 0 ? 'All checks passed' : `${failed} check(s) failed`}`);
process.exit(failed === 0 ? 0 : 1);
