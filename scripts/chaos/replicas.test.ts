/**
 * Issue 25's replica chaos, in `npm test`: a whole stack with two replicas of every service (the launcher's
 * REPLICAS), then one replica of each SIGKILLed at once under reads, writes and chat (faults.ts, killReplicas).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killReplicas } from './faults';
import { startChaosStack, type ChaosStack } from './lib';

let chaos: ChaosStack | undefined;

beforeAll(async () => {
  chaos = await startChaosStack({
    logLevel: 'error',
    replicas: { auth: 2, items: 2, messaging: 2, moderation: 2 },
  });
});

afterAll(async () => {
  await chaos?.close();
});

it('one replica of each service killed: no read fails, writes answer 200 or JSON 502/503, chat loses nothing', async () => {
  const result = await killReplicas(chaos!);
  expect(result.checks.length).toBeGreaterThan(0);
  expect(result.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);
  expect(result.figures['reads after the kill']).toBeGreaterThan(20);
});
