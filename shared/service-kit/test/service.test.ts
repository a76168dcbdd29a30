import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserStateStore } from '../src/auth';
import { createTestStores, deadRedisUrl, spawnService, type TestStores } from '../src/testing';

const entry = fileURLToPath(new URL('./fixtures/demo-service.ts', import.meta.url));
let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'demo' });
});
afterAll(() => stores.close());

async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('startService', () => {
  it('wires config, stores, auth and the bus; drains requests and closes in order on SIGTERM', async () => {
    const service = await spawnService(entry, { ...stores.env, MONGO_DB: stores.dbName });
    const logs = () => service.logs.map((line) => String(line.msg));

    // The bus consumes from the service's stream under its own group.
    await stores.createBus('auth').publish('user.deleted', { id: 'u-gone' });
    await until(() => logs().includes('demo handled user.deleted'));

    // Authentication reads the shared user state (no key prefix in a real service).
    const liveState = createUserStateStore({ redis: stores.redis });
    const session = await stores.signIn();
    await liveState.set(session.id, { role: 'user', isApproved: false });
    try {
      const me = await fetch(`${service.url}/api/me`, { headers: session.headers });
      expect(await me.json()).toEqual({ id: session.id, isApproved: false });
      expect((await fetch(`${service.url}/api/me`)).status).toBe(401);
    } finally {
      await liveState.delete(session.id);
    }

    const inFlight = fetch(`${service.url}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exitCode = service.stop();
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ done: true });
    expect(await exitCode).toBe(0);

    const closing = logs().slice(logs().indexOf('shutting down'));
    expect(closing.filter((msg) => msg.startsWith('demo '))).toEqual([
      'demo worker closed',
      'demo sockets closed',
    ]);
    expect(closing.indexOf('shutdown complete')).toBeGreaterThan(closing.indexOf('demo sockets closed'));
  });

  it('with consumeEvents false, it publishes but creates no consumer group and handles nothing', async () => {
    const stream = `${stores.stream}:publish-only`;
    const service = await spawnService(entry, {
      ...stores.env,
      MONGO_DB: stores.dbName,
      EVENTS_STREAM: stream,
      DEMO_CONSUME_EVENTS: 'false',
    });
    try {
      await stores.createBus('auth', { stream }).publish('user.deleted', { id: 'u-ignored' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const groups = (await stores.redis.call('XINFO', 'GROUPS', stream)) as unknown[];
      expect(groups).toEqual([]);
      expect(service.logs.map((line) => String(line.msg))).not.toContain('demo handled user.deleted');
    } finally {
      expect(await service.stop()).toBe(0);
    }
  });

  it('when MongoDB cannot be reached at start, it logs why and exits 1', async () => {
    const deadMongo = (await deadRedisUrl()).replace('redis://', 'mongodb://');
    const started = spawnService(entry, { ...stores.env, MONGO_URL: deadMongo });
    await expect(started).rejects.toThrow(/exited with 1[\s\S]*demo failed to start/);
  });
});
