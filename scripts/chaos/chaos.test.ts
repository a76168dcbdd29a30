/**
 * The short version of `npm run chaos` (issue 14), in `npm test`: a whole stack (embedded engine, private
 * redis-server, services, workers, gateway) started with the launcher's code, then (a) a service SIGKILLed under
 * load, (b) the image worker SIGKILLed with 10 jobs in flight, (c) Redis restarted with chat clients connected.
 * Each fault returns named checks; a test fails with the list of those that did not hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killImageWorker, killService, restartRedis, type FaultResult } from './faults';
import { startChaosStack, type ChaosStack } from './lib';

let chaos: ChaosStack | undefined;

beforeAll(async () => {
  chaos = await startChaosStack({ logLevel: 'error' });
});

afterAll(async () => {
  await chaos?.close();
});

function failedChecks(result: FaultResult): string[] {
  expect(result.checks.length).toBeGreaterThan(0);
  return result.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
}

describe('faults', () => {
  it('a killed service: the gateway answers JSON 502/503 in < 1 s, and the service recovers and catches up', async () => {
    const result = await killService(chaos!, { loadWorkers: 4 });
    expect(failedChecks(result)).toEqual([]);
    expect(result.figures['non-200 while down']).toBeGreaterThan(0);
  });

  it('the image worker SIGKILLed with 10 jobs in flight: every job completes exactly once', async () => {
    const result = await killImageWorker(chaos!, { jobs: 10 });
    expect(failedChecks(result)).toEqual([]);
    expect(result.figures['completed exactly once']).toBe(10);
  });

  it('Redis restarted: services reconnect, a chat client recovers and a message sent after is delivered', async () => {
    const result = await restartRedis(chaos!, { downMs: 1_000 });
    // Every check holds, 'no stored item lost its event' included: the outbox stores the intent before the write.
    expect(failedChecks(result)).toEqual([]);
  });
});
