import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { EventEnvelope } from '@nomadswap/contracts/events';
import { createEventBus, type EventBus, type EventBusOptions } from '../src/events';
import { connectMongo } from '../src/mongo';
import { closeRedis, createRedis, type Redis } from '../src/redis';
import { eventually, newId, startRestartableRedis, type RestartableRedis } from '../src/testing';
import { silentLogger } from './redis-helpers';

let server: RestartableRedis;
let mongo: Connection;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRestartableRedis();
  mongo = await connectMongo({
    url: inject('mongoUrl'),
    dbName: `test_outbox_${randomBytes(4).toString('hex')}`,
    logger: silentLogger,
  });
});

afterAll(async () => {
  for (const client of clients) await closeRedis(client);
  await mongo.dropDatabase().catch(() => undefined);
  await mongo.close();
  await server.stop();
});

function client(): Redis {
  const created = createRedis(server.url, { name: 'test-outbox' });
  clients.push(created);
  return created;
}

/** A publishing bus with its outbox (fast relay timings) and its own outbox collection. */
function publisher(stream: string, overrides: Partial<EventBusOptions> = {}): EventBus {
  return createEventBus({
    redis: client(),
    stream,
    service: 'auth',
    logger: silentLogger,
    outbox: { mongo, intervalMs: 50, maxBackoffMs: 200, graceMs: 300 },
    ...overrides,
  });
}

function consumer(stream: string, seen: EventEnvelope[]): EventBus {
  return createEventBus({ redis: client(), stream, service: 'items', logger: silentLogger, blockMs: 200 })
    .on('user.deleted', (event) => void seen.push(event))
    .on('item.deleted', (event) => void seen.push(event));
}

const pendingInOutbox = () => mongo.collection('outbox').countDocuments({});
const streamLength = (stream: string) => clients[0]!.xlen(stream);

describe('outbox', () => {
  it('an event published while Redis is down reaches a consumer group exactly once after Redis is back', async () => {
    const stream = `outbox:${randomBytes(3).toString('hex')}`;
    const bus = publisher(stream);
    bus.startRelay();
    const redis = clients.at(-1)!;
    await server.stop();
    await eventually(() => redis.status !== 'ready');

    // The database write happened; the publish must neither throw nor lose the event.
    const userId = newId();
    const published = await bus.publish('user.deleted', { id: userId });
    expect(await pendingInOutbox()).toBe(1);

    await server.start();
    const seen: EventEnvelope[] = [];
    const items = consumer(stream, seen);
    await items.start();
    await eventually(() => seen.length === 1, 15_000);
    await eventually(async () => (await pendingInOutbox()) === 0);
    // A few more relay rounds: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await streamLength(stream)).toBe(1);
    expect(seen.map((event) => [event.id, event.data])).toEqual([[published.id, { id: userId }]]);
    await items.stop();
    await bus.stop();
  });

  it('on the normal path every event is sent once, even with the relay sweeping all the time', async () => {
    const stream = `outbox:${randomBytes(3).toString('hex')}`;
    const bus = publisher(stream, { outbox: { mongo, intervalMs: 5 } });
    bus.startRelay();
    const published = await Promise.all(
      Array.from({ length: 30 }, () => bus.publish('user.deleted', { id: newId() })),
    );
    await eventually(async () => (await pendingInOutbox()) === 0);
    const entries = await clients.at(-1)!.xrange(stream, '-', '+');
    const ids = entries.map(([, fields]) => (JSON.parse(fields[3]!) as EventEnvelope).id);
    expect(ids.sort()).toEqual(published.map((event) => event.id).sort());
    await bus.stop();
  });

  it('what a crashed process left in the outbox is sent by the next one at start-up, with the same id', async () => {
    const stream = `outbox:${randomBytes(3).toString('hex')}`;
    const envelope = {
      id: randomBytes(16).toString('hex'),
      type: 'user.deleted',
      occurredAt: new Date().toISOString(),
      data: { id: newId() },
    };
    // Written, then the process died before (or after: a resend) the append.
    await mongo.collection('outbox').insertOne({
      _id: envelope.id as never,
      envelope: JSON.stringify(envelope),
      type: envelope.type,
      state: 'ready',
      availableAt: 0,
      attempts: 0,
      createdAt: new Date(),
    });
    const bus = publisher(stream);
    bus.startRelay();
    await eventually(async () => (await pendingInOutbox()) === 0);
    const entries = await clients.at(-1)!.xrange(stream, '-', '+');
    expect(entries.map(([, fields]) => JSON.parse(fields[3]!) as unknown)).toEqual([envelope]);
    await bus.stop();
  });

  it('events staged before a deletion go out when it happened, and never when it did not', async () => {
    const stream = `outbox:${randomBytes(3).toString('hex')}`;
    const things = mongo.collection('things');
    const [gone, kept] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
    await things.insertMany([{ _id: gone }, { _id: kept }]);
    const crashed = publisher(stream);
    // Both staged, both "crash" before confirm(); only one deletion happened.
    await crashed.stage({ collection: 'things', id: gone }, [
      { type: 'item.deleted', data: { id: gone.toHexString(), userId: newId() } },
    ]);
    await crashed.stage({ collection: 'things', id: kept }, [
      { type: 'item.deleted', data: { id: kept.toHexString(), userId: newId() } },
    ]);
    await things.deleteOne({ _id: gone });
    expect(await streamLength(stream)).toBe(0);

    const seen: EventEnvelope[] = [];
    const items = consumer(stream, seen);
    await items.start();
    const next = publisher(stream);
    next.startRelay();
    await eventually(async () => (await pendingInOutbox()) === 0);
    await eventually(() => seen.length === 1);
    expect(seen.map((event) => event.data)).toEqual([expect.objectContaining({ id: gone.toHexString() })]);

    // Confirmed after the change: sent at once.
    const confirmed = await next.stage({ collection: 'things', id: kept }, [
      { type: 'item.deleted', data: { id: kept.toHexString(), userId: newId() } },
    ]);
    await things.deleteOne({ _id: kept });
    await confirmed.confirm();
    await eventually(() => seen.length === 2);
    expect(await streamLength(stream)).toBe(2);
    await Promise.all([items.stop(), next.stop(), crashed.stop()]);
  });
});
