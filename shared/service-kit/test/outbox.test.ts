import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { EventEnvelope, ItemEventData } from '@nomadswap/contracts/events';
import { createEventBus, writeWithEvent, type EventBus, type EventBusOptions } from '../src/events';
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
    // Nothing is sent twice: with the outbox empty, only a sweep or a send still under way could send again,
    // and stop() waits for both. No need to wait and see.
    await bus.stop();
    expect(await streamLength(stream)).toBe(1);
    await items.stop();
    expect(seen.map((event) => [event.id, event.data])).toEqual([[published.id, { id: userId }]]);
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

  describe('creations and updates: the intent is stored before the write', () => {
    interface Thing {
      _id: mongoose.Types.ObjectId;
      userId: string;
      title: string;
      version: number;
    }
    const things = () => mongo.collection<Thing>('intent_things');
    const toData = (doc: Thing): ItemEventData => ({
      id: doc._id.toHexString(),
      userId: doc.userId,
      title: doc.title,
      image: null,
      isSwapped: false,
      version: doc.version,
    });
    /** A service process (connected): its bus with the builders it registers at start-up. */
    const serviceBus = async (stream: string, builders = true) => {
      const bus = publisher(stream);
      const redis = clients.at(-1)!;
      await eventually(() => redis.status === 'ready');
      if (!builders) return bus;
      return bus
        .buildFrom('item.created', (doc) => toData(doc as unknown as Thing))
        .buildFrom('item.updated', (doc) => toData(doc as unknown as Thing));
    };
    const guard = (id: mongoose.Types.ObjectId, exists: Record<string, unknown> = {}) => ({
      collection: 'intent_things',
      id,
      exists,
    });
    /** The items consumer: a projection by version, as every real one. */
    function projection(stream: string) {
      const seen: EventEnvelope<'item.created' | 'item.updated'>[] = [];
      const stored = new Map<string, ItemEventData>();
      const apply = (event: EventEnvelope<'item.created'> | EventEnvelope<'item.updated'>) => {
        seen.push(event);
        const current = stored.get(event.data.id);
        if (!current || current.version < event.data.version) stored.set(event.data.id, event.data);
      };
      const bus = createEventBus({
        redis: client(),
        stream,
        service: 'messaging',
        logger: silentLogger,
        blockMs: 200,
      })
        .on('item.created', apply)
        .on('item.updated', apply);
      return { bus, seen, stored };
    }
    const pendingFor = (id: mongoose.Types.ObjectId) =>
      mongo.collection('outbox').countDocuments({ 'guard.id': id });

    it('killed between the write and the publish: the restarted process sends the event built from the document, once', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const crashed = await serviceBus(stream);
      const id = new mongoose.Types.ObjectId();
      const userId = newId();
      // The intent, the write, and the process dies: the publish after it never runs.
      await crashed.intend('item.created', guard(id));
      await things().insertOne({ _id: id, userId, title: 'Tent', version: 1 });
      expect(await streamLength(stream)).toBe(0);
      expect(await pendingFor(id)).toBe(1);

      const { bus: consumerBus, seen, stored } = projection(stream);
      await consumerBus.start();
      const restarted = await serviceBus(stream);
      restarted.startRelay();
      await eventually(() => seen.length === 1, 10_000);
      await eventually(async () => (await pendingFor(id)) === 0);
      // Nothing sent twice: with the intent gone, only a sweep or send under way could; stop() waits for them.
      await Promise.all([restarted.stop(), crashed.stop()]);
      expect(await streamLength(stream)).toBe(1);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.type).toBe('item.created');
      expect(stored.get(id.toHexString())).toEqual({
        id: id.toHexString(),
        userId,
        title: 'Tent',
        image: null,
        isSwapped: false,
        version: 1,
      });
      await consumerBus.stop();
    });

    it('killed before the write: the intent is dropped and nothing is announced', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const created = new mongoose.Types.ObjectId();
      const updated = new mongoose.Types.ObjectId();
      await things().insertOne({ _id: updated, userId: newId(), title: 'Old', version: 1 });
      const crashed = await serviceBus(stream);
      // Intents stored, then the process died before either write.
      await crashed.intend('item.created', guard(created));
      await crashed.intend('item.updated', guard(updated, { version: { $gt: 1 } }));

      const restarted = await serviceBus(stream);
      restarted.startRelay();
      await eventually(async () => (await pendingFor(created)) + (await pendingFor(updated)) === 0, 10_000);
      expect(await streamLength(stream)).toBe(0);
      await Promise.all([restarted.stop(), crashed.stop()]);
    });

    it('a later update got there first: the rebuilt event carries the newer state and the projection stays right', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const id = new mongoose.Types.ObjectId();
      await things().insertOne({ _id: id, userId: newId(), title: 'v1', version: 1 });
      const { bus: consumerBus, seen, stored } = projection(stream);
      await consumerBus.start();
      const crashed = await serviceBus(stream);
      // Update to v2, killed before its publish.
      await crashed.intend('item.updated', guard(id, { version: { $gt: 1 } }));
      await things().updateOne({ _id: id }, { $set: { title: 'v2' }, $inc: { version: 1 } });
      // Another process updates to v3 and publishes normally.
      const other = await serviceBus(stream);
      await writeWithEvent(
        other,
        'item.updated',
        guard(id, { version: { $gt: 2 } }),
        () =>
          things().findOneAndUpdate(
            { _id: id },
            { $set: { title: 'v3' }, $inc: { version: 1 } },
            { returnDocument: 'after' },
          ),
        toData,
      );
      await eventually(() => seen.length === 1);

      const restarted = await serviceBus(stream);
      restarted.startRelay();
      await eventually(() => seen.length === 2, 10_000);
      expect(seen.map((event) => [event.data.title, event.data.version])).toEqual([
        ['v3', 3],
        ['v3', 3],
      ]);
      expect(stored.get(id.toHexString())).toMatchObject({ title: 'v3', version: 3 });
      await eventually(async () => (await pendingFor(id)) === 0);
      await Promise.all([consumerBus.stop(), restarted.stop(), other.stop(), crashed.stop()]);
    });

    it('the normal path writes one intent and removes it; a write that matched nothing cancels it', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const bus = await serviceBus(stream);
      const id = new mongoose.Types.ObjectId();
      const published = await writeWithEvent(
        bus,
        'item.created',
        guard(id),
        async () => {
          const doc = { _id: id, userId: newId(), title: 'Lamp', version: 1 };
          await things().insertOne(doc);
          return doc;
        },
        toData,
      );
      expect(published?.title).toBe('Lamp');
      expect(await pendingFor(id)).toBe(0);
      const nothing = await writeWithEvent(
        bus,
        'item.updated',
        guard(id, { version: { $gt: 5 } }),
        () => things().findOneAndUpdate({ _id: id, version: 5 }, { $inc: { version: 1 } }),
        toData,
      );
      expect(nothing).toBeNull();
      expect(await pendingFor(id)).toBe(0);
      const entries = await clients.at(-1)!.xrange(stream, '-', '+');
      expect(entries.map(([, fields]) => fields[1])).toEqual(['item.created']);
      await bus.stop();
    });

    it('Redis down after the write: the intent becomes the ready event and goes out once Redis is back', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const bus = await serviceBus(stream);
      const redis = clients.at(-1)!;
      bus.startRelay();
      const id = new mongoose.Types.ObjectId();
      await server.stop();
      await eventually(() => redis.status !== 'ready');
      await writeWithEvent(
        bus,
        'item.created',
        guard(id),
        async () => {
          const doc = { _id: id, userId: newId(), title: 'Stove', version: 1 };
          await things().insertOne(doc);
          return doc;
        },
        toData,
      );
      const record = await mongo.collection('outbox').findOne({ 'guard.id': id });
      expect(record).toMatchObject({ state: 'ready', type: 'item.created' });
      await server.start();
      const { bus: consumerBus, seen } = projection(stream);
      await consumerBus.start();
      await eventually(() => seen.length === 1, 15_000);
      expect(seen[0]!.id).toBe(record!._id);
      await eventually(async () => (await pendingFor(id)) === 0);
      await Promise.all([consumerBus.stop(), bus.stop()]);
    });

    it('events known before a creation (review.created, exchange.completed) are staged: sent if it happened', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const [made, never] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
      const crashed = await serviceBus(stream);
      const review = (id: mongoose.Types.ObjectId) => ({
        type: 'review.created' as const,
        data: {
          id: id.toHexString(),
          reviewerId: newId(),
          revieweeId: newId(),
          exchangeId: newId(),
          rating: 5,
        },
      });
      await crashed.stage(guard(made), [review(made)]);
      await crashed.stage(guard(never), [review(never)]);
      await things().insertOne({ _id: made, userId: newId(), title: 'review', version: 1 });
      // Killed before confirm(); the second creation never happened.
      const restarted = await serviceBus(stream);
      restarted.startRelay();
      await eventually(async () => (await pendingFor(made)) + (await pendingFor(never)) === 0, 10_000);
      const entries = await clients.at(-1)!.xrange(stream, '-', '+');
      expect(entries.map(([, fields]) => (JSON.parse(fields[3]!) as EventEnvelope).data)).toEqual([
        expect.objectContaining({ id: made.toHexString() }),
      ]);
      await Promise.all([restarted.stop(), crashed.stop()]);
    });

    it('a write that fails: a plain error cancels the intent, a lost connection leaves it to the relay', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const bus = await serviceBus(stream);
      const [refused, unsure] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
      const fail = (error: Error) => () => Promise.reject(error);
      await expect(
        writeWithEvent(bus, 'item.created', guard(refused), fail(new Error('E11000 duplicate key')), toData),
      ).rejects.toThrow('E11000');
      expect(await pendingFor(refused)).toBe(0);
      const lost = Object.assign(new Error('connection closed'), { name: 'MongoNetworkError' });
      // The engine applied the write, but the answer was lost with the connection.
      const write = async () => {
        await things().insertOne({ _id: unsure, userId: newId(), title: 'Kettle', version: 1 });
        throw lost;
      };
      await expect(writeWithEvent(bus, 'item.created', guard(unsure), write, toData)).rejects.toThrow(
        'connection closed',
      );
      expect(await pendingFor(unsure)).toBe(1);
      bus.startRelay();
      await eventually(async () => (await pendingFor(unsure)) === 0, 10_000);
      const entries = await clients.at(-1)!.xrange(stream, '-', '+');
      expect(entries.map(([, fields]) => (JSON.parse(fields[3]!) as EventEnvelope).data)).toEqual([
        expect.objectContaining({ id: unsure.toHexString(), title: 'Kettle' }),
      ]);
      await bus.stop();
    });

    it('a process without the builder leaves the intent to one that has it', async () => {
      const stream = `outbox:${randomBytes(3).toString('hex')}`;
      const id = new mongoose.Types.ObjectId();
      const crashed = await serviceBus(stream);
      await crashed.intend('item.created', guard(id));
      await things().insertOne({ _id: id, userId: newId(), title: 'Rope', version: 1 });
      const intent = await mongo.collection('outbox').findOne({ 'guard.id': id });
      const worker = await serviceBus(stream, false); // registers no builder
      worker.startRelay();
      // Past the grace the worker's relay takes the intent up and, unable to build it, puts it back for later
      // (a new due time): seen happening, not waited for.
      await eventually(async () => {
        const now = await mongo.collection('outbox').findOne({ 'guard.id': id });
        return (
          now !== null && now.availableAt !== intent!.availableAt && now.availableAt < Date.now() + 5_000
        );
      }, 10_000);
      await worker.stop();
      expect(await pendingFor(id)).toBe(1);
      expect(await streamLength(stream)).toBe(0);
      const api = await serviceBus(stream);
      api.startRelay();
      await eventually(async () => (await pendingFor(id)) === 0, 10_000);
      expect(await streamLength(stream)).toBe(1);
      await Promise.all([api.stop(), crashed.stop()]);
    });
  });
});
