import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EventData, EventEnvelope } from '@nomadswap/contracts/events';
import { createEventBus, InvalidEventError, type EventBus, type EventBusOptions } from '../src/events';
import { redisForTest, silentLogger } from './redis-helpers';

const store = redisForTest('events');
const buses: EventBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.stop()));
});
afterAll(() => store.cleanup());

function newStream(): string {
  return `${store.prefix}${randomBytes(3).toString('hex')}`;
}

function bus(stream: string, service: string, overrides: Partial<EventBusOptions> = {}): EventBus {
  const created = createEventBus({
    redis: store.redis,
    stream,
    service,
    logger: silentLogger,
    blockMs: 200,
    ...overrides,
  });
  buses.push(created);
  return created;
}

const user = (id: string, version = 1): EventData<'user.registered'> => ({
  id,
  username: `user_${id}`,
  fullName: 'Ana Nomad',
  avatar: null,
  location: 'Lisbon',
  rating: 0,
  reviewCount: 0,
  isApproved: false,
  role: 'user',
  version,
});

/** Resolves when `predicate` holds, polling; fails the test after `timeoutMs`. */
async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('event bus', () => {
  it('when auth publishes, every consuming service (group) receives the validated envelope once', async () => {
    const stream = newStream();
    const items: EventEnvelope<'user.registered'>[] = [];
    const messaging: EventEnvelope<'user.registered'>[] = [];
    bus(stream, 'items').on('user.registered', (event) => void items.push(event));
    bus(stream, 'messaging').on('user.registered', (event) => void messaging.push(event));
    await Promise.all(buses.map((b) => b.start()));

    const published = await bus(stream, 'auth').publish('user.registered', user('u1'));
    expect(published).toMatchObject({ type: 'user.registered', data: user('u1') });
    expect(published.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(published.occurredAt)).not.toBeNaN();

    await until(() => items.length === 1 && messaging.length === 1);
    expect(items[0]).toEqual(published);
    expect(messaging[0]).toEqual(published);
    await until(async () => (await store.redis.xpending(stream, 'items'))[0] === 0);
  });

  it('when two replicas share a group, each event is handled by only one of them', async () => {
    const stream = newStream();
    const seen: string[] = [];
    for (const replica of ['a', 'b']) {
      bus(stream, 'items', { consumer: `items-${replica}` }).on(
        'user.registered',
        (event) => void seen.push(event.data.id),
      );
    }
    await Promise.all(buses.map((b) => b.start()));
    const publisher = bus(stream, 'auth');
    for (let i = 0; i < 10; i++) await publisher.publish('user.registered', user(`r${i}`));
    await until(() => seen.length === 10);
    // Nothing can be handled again once the group has delivered every entry and holds none pending (a duplicate
    // would have been handled before its ack): no need to wait and see.
    const last = (await store.redis.xrevrange(stream, '+', '-', 'COUNT', 1))[0]![0];
    await until(async () => {
      const [groupInfo] = (await store.redis.xinfo('GROUPS', stream)) as unknown[][];
      const info = Object.fromEntries(
        Array.from({ length: groupInfo!.length / 2 }, (_, i) => [groupInfo![2 * i], groupInfo![2 * i + 1]]),
      ) as { pending: number; 'last-delivered-id': string };
      return info.pending === 0 && info['last-delivered-id'] === last;
    });
    expect(seen.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`).sort());
  });

  it('when a service starts after events were published, it catches up from the start of the stream', async () => {
    const stream = newStream();
    const publisher = bus(stream, 'auth');
    await publisher.publish('user.registered', user('early1'));
    await publisher.publish('user.approved', { ...user('early1', 2), isApproved: true });

    const received: string[] = [];
    const late = bus(stream, 'moderation');
    late.on('user.registered', (e) => void received.push(`${e.type}:${e.data.id}`));
    late.on('user.approved', (e) => void received.push(`${e.type}:${e.data.id}:${e.data.version}`));
    await late.start();
    await until(() => received.length === 2);
    expect(received).toEqual(['user.registered:early1', 'user.approved:early1:2']);
  });

  it('when a handler throws once, the event stays pending and is retried via XAUTOCLAIM', async () => {
    const stream = newStream();
    let attempts = 0;
    const handled: string[] = [];
    bus(stream, 'items', { claimIdleMs: 150, claimIntervalMs: 100 }).on('item.deleted', (event) => {
      attempts += 1;
      if (attempts === 1) throw new Error('database hiccup');
      handled.push(event.data.id);
    });
    await buses[0]!.start();
    await bus(stream, 'producer').publish('item.deleted', { id: 'i1', userId: 'u1' });

    await until(() => attempts === 1);
    expect(handled).toEqual([]);
    expect((await store.redis.xpending(stream, 'items'))[0]).toBe(1);
    await until(() => handled.length === 1);
    expect(attempts).toBe(2);
    await until(async () => (await store.redis.xpending(stream, 'items'))[0] === 0);
  });

  it('when a consumer dies holding an event, another replica claims and handles it', async () => {
    const stream = newStream();
    await store.redis.xgroup('CREATE', stream, 'items', '0', 'MKSTREAM');
    // A consumer that read the entry and vanished: it sits in the PEL of "ghost".
    await bus(stream, 'auth').publish('user.deleted', { id: 'gone' });
    await store.redis.xreadgroup('GROUP', 'items', 'ghost', 'COUNT', 1, 'STREAMS', stream, '>');
    expect((await store.redis.xpending(stream, 'items'))[0]).toBe(1);

    const handled: string[] = [];
    bus(stream, 'items', { claimIdleMs: 100, claimIntervalMs: 50 }).on(
      'user.deleted',
      (e) => void handled.push(e.data.id),
    );
    await buses.at(-1)!.start();
    await until(() => handled.length === 1);
    expect(handled).toEqual(['gone']);
  });

  it('when a handler keeps failing, the event ends in the dead-letter stream and is acknowledged', async () => {
    const stream = newStream();
    let attempts = 0;
    bus(stream, 'items', { claimIdleMs: 50, claimIntervalMs: 50, maxDeliveries: 2 }).on(
      'user.deleted',
      () => {
        attempts += 1;
        throw new Error('always');
      },
    );
    await buses[0]!.start();
    await bus(stream, 'auth').publish('user.deleted', { id: 'poison' });
    await until(async () => (await store.redis.xlen(`${stream}:dead:items`)) === 1);
    expect(attempts).toBe(2);
    await until(async () => (await store.redis.xpending(stream, 'items'))[0] === 0);
  });

  it('when publish gets data that does not match the schema, it throws and writes nothing', async () => {
    const stream = newStream();
    const publisher = bus(stream, 'auth');
    const bad = { ...user('x'), role: 'superuser' } as unknown as EventData<'user.registered'>;
    await expect(publisher.publish('user.registered', bad)).rejects.toBeInstanceOf(InvalidEventError);
    await expect(publisher.publish('user.registered', bad)).rejects.toThrow(
      /Invalid user\.registered event: role/,
    );
    expect(await store.redis.exists(stream)).toBe(0);
  });

  it('when an entry on the stream is not a valid event, it is acknowledged and skipped without stopping the loop', async () => {
    const stream = newStream();
    const handled: string[] = [];
    bus(stream, 'items').on('item.deleted', (e) => void handled.push(e.data.id));
    await buses[0]!.start();
    await store.redis.xadd(stream, '*', 'envelope', 'not json');
    await store.redis.xadd(
      stream,
      '*',
      'envelope',
      JSON.stringify({ id: '1', type: 'item.deleted', occurredAt: 'now', data: { id: 5 } }),
    );
    await store.redis.xadd(
      stream,
      '*',
      'envelope',
      JSON.stringify({ id: '2', type: 'nope', occurredAt: 'now', data: {} }),
    );
    await bus(stream, 'items-producer').publish('item.deleted', { id: 'ok', userId: 'u' });
    await until(() => handled.length === 1);
    expect(handled).toEqual(['ok']);
    await until(async () => (await store.redis.xpending(stream, 'items'))[0] === 0);
  });

  it('when stopped during a handler, stop() waits for it and the event is acknowledged', async () => {
    const stream = newStream();
    let finished = false;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const consumer = createEventBus({
      redis: store.redis,
      stream,
      service: 'items',
      logger: silentLogger,
      blockMs: 5_000,
    });
    consumer.on('item.deleted', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await consumer.start();
    await bus(stream, 'auth').publish('item.deleted', { id: 'slow', userId: 'u' });
    await handlerStarted;
    const stopAt = Date.now();
    await consumer.stop();
    expect(finished).toBe(true);
    // Well under the 5 s blocking read it would otherwise wait for (a loaded machine stretches the 300 ms).
    expect(Date.now() - stopAt).toBeLessThan(4_000);
    expect((await store.redis.xpending(stream, 'items'))[0]).toBe(0);
  });

  it('when idle in a long blocking read, stop() returns promptly', async () => {
    const name = `idle-${randomBytes(3).toString('hex')}`;
    const consumer = createEventBus({
      redis: store.redis,
      stream: newStream(),
      service: 'items',
      consumer: name,
      logger: silentLogger,
      blockMs: 10_000,
    });
    await consumer.start();
    // In the blocking read: its connection is there, running XREADGROUP.
    await until(async () =>
      String(await store.redis.client('LIST'))
        .split('\n')
        .some((line) => line.includes(`name=${name}:blocking `) && line.includes('cmd=xreadgroup')),
    );
    const stopAt = Date.now();
    await consumer.stop();
    // Far from the 10 s read it would otherwise wait for; generous for a loaded machine.
    expect(Date.now() - stopAt).toBeLessThan(5_000);
  });
});
