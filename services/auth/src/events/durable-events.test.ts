import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis, type Redis } from '@nomadswap/service-kit/redis';
import {
  eventually,
  startRestartableRedis,
  type RestartableRedis,
  type TestSession,
} from '@nomadswap/service-kit/testing';
import { buildItem } from '@nomadswap/items/test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '@nomadswap/items/test/support/items-test-env';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildAdmin, buildUser } from '../../test/support/factories';

// The real auth and items apps, their events on a Redis of their own that the test stops and starts again
// (everything else — tokens, user states, queues — stays on the run's Redis, so requests still pass auth).
let eventStore: RestartableRedis;
let authBusRedis: Redis;
let itemsBusRedis: Redis;
let auth: AuthTestEnv;
let items: ItemsTestEnv;
let viewer: TestSession;
const stream = `test:durable:${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  eventStore = await startRestartableRedis();
  authBusRedis = createRedis(eventStore.url, { name: 'test-auth-bus' });
  itemsBusRedis = createRedis(eventStore.url, { name: 'test-items-bus' });
  auth = await createAuthTestEnv({ workers: false, bus: { redis: authBusRedis, stream } });
  items = await createItemsTestEnv({
    worker: false,
    consumeEvents: true,
    bus: { redis: itemsBusRedis, stream },
  });
  viewer = await items.signIn();
});

afterAll(async () => {
  await items?.close();
  await auth?.close();
  await closeRedis(authBusRedis);
  await closeRedis(itemsBusRedis);
  await eventStore.stop();
});

const itemStatus = async (itemId: string) =>
  (await request(items.app).get(`/api/items/${itemId}`).set(viewer.headers)).status;

describe('durable events across services', () => {
  it("a user deleted while Redis is down: once it is back, items removes the user's items", async () => {
    const admin = await buildAdmin(auth);
    const doomed = await buildUser(auth);
    const item = await buildItem(items, { userId: doomed.id });
    const othersItem = (await buildItem(items, { userId: admin.id }))._id.toHexString();
    const itemId = item._id.toHexString();
    expect(await itemStatus(itemId)).toBe(200);

    await eventStore.stop();
    await eventually(() => authBusRedis.status !== 'ready');
    const deleted = await request(auth.app).delete(`/api/admin/users/${doomed.id}`).set(admin.headers);
    expect(deleted.status).toBeLessThan(300);
    expect(await itemStatus(itemId)).toBe(200);

    await eventStore.start();
    await eventually(async () => (await itemStatus(itemId)) === 404, 20_000);
    // The outbox is empty and the event went out once (with its audit entry).
    await eventually(async () => (await auth.ctx.mongo.collection('outbox').countDocuments()) === 0);
    const sent = (await authBusRedis.xrange(stream, '-', '+')).map(([, fields]) => fields[1]);
    expect(sent.filter((type) => type !== 'item.deleted').sort()).toEqual(['admin.action', 'user.deleted']);

    // A resend (the relay after a crash before it removed the record) carries the same envelope: harmless.
    const entries = await authBusRedis.xrange(stream, '-', '+');
    const original = entries.find(([, fields]) => fields[1] === 'user.deleted')![1];
    const resent = await authBusRedis.xadd(stream, '*', ...original);
    // Items handled and acknowledged it: read past it, nothing pending.
    await eventually(async () => {
      const [group] = (await authBusRedis.xinfo('GROUPS', stream)) as string[][];
      const [pending] = (await authBusRedis.xpending(stream, 'items')) as [number];
      return group?.[group.indexOf('last-delivered-id') + 1] === resent && pending === 0;
    });
    expect(await itemStatus(itemId)).toBe(404);
    expect(await itemStatus(othersItem)).toBe(200);
  });
});
