import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserStateStore } from '../src/auth';
import { createTestStores, deadRedisUrl, eventually, spawnService, type TestStores } from '../src/testing';

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
    expect(logs()).toContain('event bus consuming');

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
    await until(() => logs().includes('demo slow request started'));
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
    // Left in the outbox by a previous run that died before sending it: the relay sends it at start-up.
    const leftOver = {
      id: randomUUID(),
      type: 'user.deleted',
      occurredAt: new Date().toISOString(),
      data: { id: 'u-left' },
    };
    await stores.mongo.collection('outbox').insertOne({
      _id: leftOver.id as never,
      envelope: JSON.stringify(leftOver),
      type: leftOver.type,
      state: 'ready',
      availableAt: 0,
      attempts: 0,
      createdAt: new Date(),
    });
    const service = await spawnService(entry, {
      ...stores.env,
      MONGO_DB: stores.dbName,
      EVENTS_STREAM: stream,
      DEMO_CONSUME_EVENTS: 'false',
    });
    try {
      await stores.createBus('auth', { stream }).publish('user.deleted', { id: 'u-ignored' });
      // The consumer would have started before the service said it listens (spawnService waited for that);
      // it never did, so nothing can handle the event later: no need to wait and see.
      expect(service.logs.map((line) => String(line.msg))).not.toContain('event bus consuming');
      const groups = (await stores.redis.call('XINFO', 'GROUPS', stream)) as unknown[];
      expect(groups).toEqual([]);
      expect(service.logs.map((line) => String(line.msg))).not.toContain('demo handled user.deleted');
      await eventually(async () => (await stores.mongo.collection('outbox').countDocuments()) === 0);
      const sent = (await stores.redis.xrange(stream, '-', '+')).map(([, fields]) => fields[3]);
      expect(sent).toContain(JSON.stringify(leftOver));
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
