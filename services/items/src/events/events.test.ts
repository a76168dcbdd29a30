import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { Item } from '@nomadswap/contracts/responses';
import type { EventBus } from '@nomadswap/service-kit/events';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { buildItem, buildItemInput } from '../../test/support/factories';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { eventually, unique } from '@nomadswap/service-kit/testing';
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
  function completed(overrides: { requesterId: string; ownerId: string; itemId: string | null }) {
    return {
      id: new mongoose.Types.ObjectId().toHexString(),
      completedAt: new Date().toISOString(),
      ...overrides,
    };
  }

  it("when a completed exchange names a party's item, the item is marked swapped once, even when redelivered", async () => {
    const messaging = env.stores.createBus('messaging');
    const ownerId = new mongoose.Types.ObjectId().toHexString();
    const requesterId = new mongoose.Types.ObjectId().toHexString();
    const item = await buildItem(env, { userId: ownerId });
    const event = completed({ requesterId, ownerId, itemId: item._id.toHexString() });
    await messaging.publish('exchange.completed', event);
    await eventually(async () => (await env.ctx.items.findById(item._id).lean())?.isSwapped === true);
    const version = (await env.ctx.items.findById(item._id).lean())?.version;
    await messaging.publish('exchange.completed', event);
    // A marker event processed after the redelivery proves the redelivery was consumed and changed nothing.
    const marker = await buildItem(env, { userId: requesterId });
    await messaging.publish(
      'exchange.completed',
      completed({ requesterId, ownerId, itemId: marker._id.toHexString() }),
    );
    await eventually(async () => (await env.ctx.items.findById(marker._id).lean())?.isSwapped === true);
    expect((await env.ctx.items.findById(item._id).lean())?.version).toBe(version);
    const updates = (await env.events('item.updated')).filter((e) => e.data.id === item._id.toHexString());
    expect(updates).toHaveLength(1);
    expect(updates[0]?.data.isSwapped).toBe(true);
  });

  it("when a completed exchange names a stranger's item, nothing changes", async () => {
    const messaging = env.stores.createBus('messaging');
    const stranger = new mongoose.Types.ObjectId().toHexString();
    const a = new mongoose.Types.ObjectId().toHexString();
    const b = new mongoose.Types.ObjectId().toHexString();
    const item = await buildItem(env, { userId: stranger });
    await messaging.publish(
      'exchange.completed',
      completed({ requesterId: a, ownerId: b, itemId: item._id.toHexString() }),
    );
    const marker = await buildItem(env, { userId: a });
    await messaging.publish(
      'exchange.completed',
      completed({ requesterId: a, ownerId: b, itemId: marker._id.toHexString() }),
    );
    await eventually(async () => (await env.ctx.items.findById(marker._id).lean())?.isSwapped === true);
    expect((await env.ctx.items.findById(item._id).lean())?.isSwapped).toBe(false);
  });
});
