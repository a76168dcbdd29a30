import mongoose, { type Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import { DEFAULT_MESSAGING_SETTINGS } from '@nomadswap/contracts/messaging';
import { ExchangeEventDataSchema, type ExchangeEventData } from '@nomadswap/contracts/exchanges';
import { ItemCardSchema, ItemSchema, type Item } from '@nomadswap/contracts/responses';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { buildItem, buildItemInput, buildOwner } from '../../test/support/factories';
import type { ItemRecord } from '../data/item';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { buildExchangeEvent, eventually, newId, unique } from '@nomadswap/service-kit/testing';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';

let env: ItemsTestEnv;
let auth: EventBus;
let viewer: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ consumeEvents: true });
  auth = env.stores.createBus('auth');
  viewer = await env.signIn();
});
afterAll(() => env.close());

const hex = (id: Types.ObjectId) => id.toHexString();

function userData(id: string, overrides: Partial<UserEventData> = {}): UserEventData {
  const n = unique();
  return {
    id,
    username: `traveller_${n}`,
    fullName: 'Tia Traveller',
    avatar: null,
    location: 'Bali, Indonesia',
    rating: 0,
    reviewCount: 0,
    isApproved: false,
    role: 'user',
    version: 1,
    ...overrides,
  };
}

async function cardOwner(itemId: string) {
  const res = await request(env.app).get('/api/items?limit=100').set(viewer.headers);
  return (res.body as Item[]).find((item) => item.id === itemId)?.user ?? null;
}

describe('messaging.settings-updated', () => {
  it("keeps the owner's reminder e-mail switch from messaging's bus events", async () => {
    const messaging = env.stores.createBus('messaging');
    const userId = new mongoose.Types.ObjectId().toHexString();
    await auth.publish('user.registered', userData(userId));
    const settings = { ...DEFAULT_MESSAGING_SETTINGS, emailReminders: false };
    await messaging.publish('messaging.settings-updated', { userId, version: 1, settings });
    await eventually(async () => (await env.ctx.owners.findById(userId).lean())?.emailReminders === false);
    expect(await env.ctx.owners.findById(userId).lean()).toMatchObject({
      fullName: 'Tia Traveller',
      settingsVersion: 1,
    });
  });
});

describe('user events', () => {
  it('keeps owner summaries on cards current: newer versions apply, older and repeated ones do not', async () => {
    const userId = new mongoose.Types.ObjectId().toHexString();
    const item = await buildItem(env, { userId });
    const itemId = item._id.toHexString();
    const registered = userData(userId);
    await auth.publish('user.registered', registered);
    await eventually(async () => (await cardOwner(itemId))?.fullName === 'Tia Traveller');

    await auth.publish('user.updated', {
      ...registered,
      fullName: 'Tia T.',
      rating: 4.5,
      reviewCount: 2,
      avatar: '/api/avatars/abc',
      version: 3,
    });
    await eventually(async () => (await cardOwner(itemId))?.fullName === 'Tia T.');
    // Late and duplicate deliveries: version 2 is older than what is stored, version 3 again changes nothing.
    await auth.publish('user.approved', {
      ...registered,
      fullName: 'Stale Name',
      isApproved: true,
      version: 2,
    });
    await auth.publish('user.updated', {
      ...registered,
      fullName: 'Tia T.',
      rating: 4.5,
      reviewCount: 2,
      avatar: '/api/avatars/abc',
      version: 3,
    });
    await auth.publish('user.updated', { ...registered, fullName: 'Marker', version: 4 });
    await eventually(async () => (await cardOwner(itemId))?.fullName === 'Marker');
    const owner = await env.ctx.owners.findById(userId).lean();
    expect(owner).toMatchObject({ version: 4, fullName: 'Marker', isApproved: false });

    await auth.publish('user.updated', {
      ...registered,
      fullName: 'Tia T.',
      rating: 4.5,
      reviewCount: 7,
      avatar: '/api/avatars/abc',
      version: 5,
    });
    const card = await eventually(async () => {
      const summary = await cardOwner(itemId);
      return summary?.reviewCount === 7 ? summary : null;
    });
    expect(card).toEqual({
      id: userId,
      fullName: 'Tia T.',
      username: registered.username,
      avatar: '/api/avatars/abc',
      rating: 4.5,
      reviewCount: 7,
    });
  });

  it("keeps messaging's e-mail switches (messaging.settings-updated) and deletes a deleted user's alerts", async () => {
    const user = await env.signIn();
    const messaging = env.stores.createBus('messaging');
    await auth.publish('user.registered', userData(user.id, { isApproved: true }));
    await eventually(() => env.ctx.owners.exists({ _id: user.id }));
    await messaging.publish('messaging.settings-updated', {
      userId: user.id,
      version: 1,
      settings: { ...DEFAULT_MESSAGING_SETTINGS, emailAlerts: false, emailReminders: false },
    });
    const owner = await eventually(async () => {
      const stored = await env.ctx.owners.findById(user.id).lean();
      return stored?.settingsVersion === 1 ? stored : null;
    });
    expect({ alerts: owner.emailAlerts, reminders: owner.emailReminders }).toEqual({
      alerts: false,
      reminders: false,
    });
    await request(env.app).post('/api/alerts').set(user.headers).send({ location: 'Lisbon' }).expect(201);
    await auth.publish('user.deleted', { id: user.id });
    await eventually(
      async () =>
        (await env.ctx.alerts.countDocuments({ userId: new mongoose.Types.ObjectId(user.id) })) === 0,
    );
  });

  it("cascades user.deleted: the user's items, their photos and favourites, and the user's own favourites go", async () => {
    const doomed = await env.signIn();
    await auth.publish('user.registered', userData(doomed.id, { isApproved: true }));
    const listed = await request(env.app)
      .post('/api/items')
      .set(doomed.headers)
      .send(buildItemInput({ images: [toDataUrl(await png(16, 16))] }));
    expect(listed.status).toBe(201);
    const photoId = new mongoose.Types.ObjectId(listed.body.photos[0].id as string);
    expect(await env.ctx.files.countVariants(photoId)).toBe(4);
    const second = await buildItem(env, { userId: doomed.id });
    const othersItem = await buildItem(env, { userId: viewer.id });
    await request(env.app).post(`/api/favorites/${listed.body.id}`).set(viewer.headers).expect(200);
    await request(env.app)
      .post(`/api/favorites/${othersItem._id.toHexString()}`)
      .set(doomed.headers)
      .expect(200);

    await auth.publish('user.deleted', { id: doomed.id });
    // The last item record can go before its files and favourites: wait for the whole cascade.
    const listedId = new mongoose.Types.ObjectId(listed.body.id as string);
    const doomedId = new mongoose.Types.ObjectId(doomed.id);
    await eventually(async () => {
      const left = await Promise.all([
        env.ctx.items.countDocuments({ userId: doomedId }),
        env.ctx.files.countVariants(photoId),
        env.ctx.favorites.countDocuments({ itemId: listedId }),
        env.ctx.favorites.countDocuments({ userId: doomedId }),
      ]);
      return left.every((count) => count === 0);
    });
    expect(await env.ctx.items.exists({ _id: othersItem._id })).not.toBeNull();
    const announced = async () => (await env.events('item.deleted')).map((event) => event.data.id);
    await eventually(async () => (await announced()).includes(second._id.toHexString()));
    expect(await announced()).toEqual(expect.arrayContaining([listed.body.id, second._id.toHexString()]));

    // A late event about the deleted user does not bring them back.
    await auth.publish('user.updated', userData(doomed.id, { fullName: 'Ghost', version: 99 }));
    await auth.publish('user.updated', { ...userData(viewer.id), fullName: 'Sync marker', version: 1 });
    await eventually(
      async () => (await env.ctx.owners.findById(viewer.id).lean())?.fullName === 'Sync marker',
    );
    expect(await env.ctx.owners.findById(doomed.id).lean()).toMatchObject({ deleted: true, fullName: '' });
  });
});

describe('exchange events', () => {
  const exchangeEvent = buildExchangeEvent;
  let messaging: EventBus;
  let admin: TestSession;
  beforeAll(async () => {
    messaging = env.stores.createBus('messaging');
    admin = await env.signIn({ role: 'admin' });
  });

  async function itemRecord(itemId: Types.ObjectId) {
    return (await env.ctx.items.findById(itemId).lean<ItemRecord>())!;
  }
  const reservedBy = async (itemId: Types.ObjectId) =>
    (await itemRecord(itemId)).reservedByExchangeId?.toHexString() ?? null;
  const updatesOf = async (itemId: Types.ObjectId) =>
    (await env.events('item.updated')).filter((event) => event.data.id === itemId.toHexString());

  /** Published after the events under test: once it is applied, so are they (one consumer, in order). */
  async function afterMarker(): Promise<void> {
    const marker = await buildItem(env, { userId: viewer.id });
    const accepted = exchangeEvent({ status: 'accepted', ownerId: viewer.id, itemId: hex(marker._id) });
    await messaging.publish('exchange.accepted', accepted);
    await eventually(async () => (await reservedBy(marker._id)) === accepted.id);
  }

  function accepted(item: ItemRecord, overrides: Partial<ExchangeEventData> = {}): ExchangeEventData {
    return exchangeEvent({
      status: 'accepted',
      ownerId: hex(item.userId),
      itemId: hex(item._id),
      completedAt: null,
      version: 2,
      ...overrides,
    });
  }
  const ended = (exchange: ExchangeEventData, status: ExchangeEventData['status'] = 'cancelled') => ({
    ...exchange,
    status,
    endedAt: new Date().toISOString(),
    version: exchange.version + 1,
  });
  const completed = (exchange: ExchangeEventData) => ({
    ...exchange,
    status: 'completed' as const,
    completedAt: new Date().toISOString(),
    version: exchange.version + 1,
  });

  it('when an owner accepts, everyone sees the item Reserved (cached pages too), and only the owner, that requester and admins see for whom', async () => {
    const owner = await env.signIn();
    const requester = await env.signIn();
    const stranger = await env.signIn();
    await buildOwner(env, { id: owner.id });
    const item = await buildItem(env, { userId: owner.id, title: `Reserved stove ${unique()}` });
    const itemId = hex(item._id);
    const cardOf = async (headers: Record<string, string>) =>
      (
        (
          await request(env.app)
            .get(`/api/items?q=${encodeURIComponent(item.title)}`)
            .set(headers)
        ).body as Item[]
      )[0];
    // Cache the pages first: the reservation must reach them anyway.
    expect((await cardOf({}))?.isReserved).toBe(false);
    expect((await cardOf(stranger.headers))?.isReserved).toBe(false);

    const exchange = accepted(item, { requesterId: requester.id });
    await messaging.publish('exchange.accepted', exchange);
    await eventually(async () => (await reservedBy(item._id)) === exchange.id);

    const visitorCard = await cardOf({});
    expect(ItemCardSchema.parse(visitorCard)).toEqual(visitorCard);
    expect(visitorCard).toMatchObject({ id: itemId, isReserved: true });
    for (const [session, reservedFor] of [
      [owner, requester.id],
      [requester, requester.id],
      [admin, requester.id],
      [stranger, null],
    ] as const) {
      const detail = await request(env.app).get(`/api/items/${itemId}`).set(session.headers);
      expect(detail.status).toBe(200);
      expect(ItemSchema.strict().parse(detail.body)).toEqual(detail.body);
      expect(detail.body).toMatchObject({ isReserved: true, reservedFor });
      expect(await cardOf(session.headers)).toMatchObject({ isReserved: true, reservedFor });
    }
    const admins = await request(env.app).get(`/api/admin/all-items?userId=${owner.id}`).set(admin.headers);
    expect(admins.body).toMatchObject([{ id: itemId, isReserved: true, reservedFor: requester.id }]);

    const updates = await updatesOf(item._id);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.data.version).toBe(item.version + 1);
  });

  it("frees the item only when the exchange holding it ends, never on another exchange's end", async () => {
    const item = await buildItem(env, { userId: newId() });
    const holder = accepted(item);
    const other = accepted(item);
    await messaging.publish('exchange.accepted', holder);
    await eventually(async () => (await reservedBy(item._id)) === holder.id);

    // Another request for the item is declined: the reservation stays.
    await messaging.publish(
      'exchange.ended',
      ended({ ...other, status: 'proposed', version: 1 }, 'declined'),
    );
    await afterMarker();
    expect(await reservedBy(item._id)).toBe(holder.id);

    for (const status of ['cancelled', 'no_show'] as const) {
      await messaging.publish('exchange.accepted', holder);
      await eventually(async () => (await reservedBy(item._id)) === holder.id);
      const end = ended(holder, status);
      await messaging.publish('exchange.ended', end);
      await eventually(async () => (await itemRecord(item._id)).reservedFor === null);
      expect(await reservedBy(item._id)).toBeNull();
      // The projection keeps the ended state: the same accept redelivered does not reserve it again.
      await messaging.publish('exchange.accepted', holder);
      await afterMarker();
      expect(await reservedBy(item._id)).toBeNull();
      holder.id = newId();
    }
  });

  it('ends up right whatever order the events arrive in: a late accept of an ended exchange reserves nothing', async () => {
    const item = await buildItem(env, { userId: newId() });
    const first = accepted(item, { acceptedAt: new Date(Date.now() - 60_000).toISOString() });
    const second = accepted(item);
    // The first exchange ended and a second was accepted, but the end and the second accept arrive first.
    await messaging.publish('exchange.accepted', second);
    await messaging.publish('exchange.ended', ended(first));
    await messaging.publish('exchange.accepted', first);
    await afterMarker();
    expect(await reservedBy(item._id)).toBe(second.id);
    expect((await itemRecord(item._id)).reservedFor?.toHexString()).toBe(second.requesterId);
  });

  it("never reserves an item for an exchange whose owner does not own it, nor on an event that is not an accept's state", async () => {
    const item = await buildItem(env, { userId: newId() });
    await messaging.publish('exchange.accepted', accepted(item, { ownerId: newId() }));
    await messaging.publish('exchange.accepted', accepted(item, { status: 'proposed' }));
    await afterMarker();
    expect(await itemRecord(item._id)).toMatchObject({ reservedFor: null, isSwapped: false });
    expect(await updatesOf(item._id)).toHaveLength(0);
  });

  it("swaps the owner's item and the requester's offered items when both confirmed, frees it, and does so once", async () => {
    const owner = newId();
    const requester = newId();
    const item = await buildItem(env, { userId: owner });
    const offered = await buildItem(env, { userId: requester });
    const exchange = accepted(item, { requesterId: requester, offeredItemIds: [hex(offered._id)] });
    await messaging.publish('exchange.accepted', exchange);
    await eventually(async () => (await reservedBy(item._id)) === exchange.id);

    const done = completed(exchange);
    await messaging.publish('exchange.completed', done);
    await eventually(async () => (await itemRecord(offered._id)).isSwapped);
    expect(await itemRecord(item._id)).toMatchObject({
      isSwapped: true,
      reservedFor: null,
      reservedByExchangeId: null,
    });
    // Reserved, then swapped and freed in one write.
    expect((await updatesOf(item._id)).map((event) => event.data.isSwapped)).toEqual([false, true]);
    expect((await updatesOf(offered._id)).map((event) => event.data.isSwapped)).toEqual([true]);

    // The owner makes it available again; the completion redelivered does not swap it back.
    const ownerSession = await env.signIn({ id: owner });
    await request(env.app)
      .post(`/api/items/${hex(item._id)}/toggle-swapped`)
      .set(ownerSession.headers)
      .expect(200);
    await messaging.publish('exchange.completed', done);
    await afterMarker();
    expect((await itemRecord(item._id)).isSwapped).toBe(false);
    expect(await updatesOf(offered._id)).toHaveLength(1);
  });

  it("never swaps a third party's item, nor the requested item when the exchange's owner does not own it", async () => {
    const [owner, requester, stranger] = [newId(), newId(), newId()];
    const requesterItem = await buildItem(env, { userId: requester });
    const strangersItem = await buildItem(env, { userId: stranger });
    const ownersItem = await buildItem(env, { userId: owner });
    // The requested item is the requester's own; an offered item is a stranger's, another the owner's.
    await messaging.publish(
      'exchange.completed',
      exchangeEvent({
        requesterId: requester,
        ownerId: owner,
        itemId: hex(requesterItem._id),
        offeredItemIds: [hex(strangersItem._id), hex(ownersItem._id)],
      }),
    );
    await afterMarker();
    for (const item of [requesterItem, strangersItem, ownersItem]) {
      expect((await itemRecord(item._id)).isSwapped).toBe(false);
    }
  });

  it('applies an old completion event from the stream (before exchanges had states) as a completed swap', async () => {
    const owner = newId();
    const item = await buildItem(env, { userId: owner });
    const legacy = ExchangeEventDataSchema.parse({
      id: newId(),
      requesterId: newId(),
      ownerId: owner,
      itemId: hex(item._id),
      completedAt: new Date().toISOString(),
    });
    await messaging.publish('exchange.completed', legacy);
    await eventually(async () => (await itemRecord(item._id)).isSwapped);
  });
});
