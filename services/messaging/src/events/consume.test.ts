import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import { eventually, newId } from '@nomadswap/service-kit/testing';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import { consumeMessagingEvents } from './consume';

let env: MessagingTestEnv;
let publisher: EventBus;

beforeAll(async () => {
  env = await createMessagingTestEnv();
  consumeMessagingEvents(env.bus, env.ctx);
  await env.bus.start();
  publisher = env.stores.createBus('auth');
});
afterAll(async () => {
  await env.bus.stop();
  await env.close();
});

const user = (id: string, overrides: Partial<UserEventData> = {}): UserEventData => ({
  id,
  username: 'ana',
  fullName: 'Ana Nomad',
  avatar: null,
  location: 'Lisbon',
  rating: 4.5,
  reviewCount: 2,
  isApproved: true,
  role: 'user',
  version: 1,
  ...overrides,
});

/**
 * Every event published so far has been handled: the consumer handles the stream in order, so once a sentinel
 * published now is applied, what came before it was too (instead of waiting a fixed time for nothing to happen).
 */
async function drained(): Promise<void> {
  const sentinel = newId();
  await publisher.publish('user.registered', user(sentinel));
  await eventually(async () => (await env.ctx.users.findById(sentinel).lean()) !== null);
}

describe('messaging projections', () => {
  it('keeps the newest user summary, ignores stale versions, and turns a deleted user into a tombstone', async () => {
    const id = newId();
    await publisher.publish('user.registered', user(id, { version: 2, fullName: 'Ana N.' }));
    await publisher.publish('user.updated', user(id, { version: 1, fullName: 'Stale' }));
    await publisher.publish(
      'user.updated',
      user(id, { version: 3, fullName: 'Ana Nomad', email: 'a@x.test' }),
    );
    const stored = await eventually(async () => {
      const found = await env.ctx.users.findById(id).lean();
      return found?.version === 3 ? found : null;
    });
    expect(stored).toMatchObject({
      fullName: 'Ana Nomad',
      email: 'a@x.test',
      deleted: false,
      rating: 4.5,
      reviewCount: 2,
    });

    await publisher.publish('user.deleted', { id });
    await publisher.publish('user.updated', user(id, { version: 4, fullName: 'Back?' }));
    await eventually(async () => (await env.ctx.users.findById(id).lean())?.deleted === true);
    await drained();
    // Nothing of the account stays on its tombstone, its rating neither.
    expect(await env.ctx.users.findById(id).lean()).toMatchObject({
      deleted: true,
      fullName: '',
      rating: 0,
      reviewCount: 0,
    });
  });

  it('keeps item context (title, photo, owner, swapped) and marks deleted items', async () => {
    const id = newId();
    const owner = newId();
    await publisher.publish('item.created', {
      id,
      userId: owner,
      title: 'Tent',
      image: '/api/images/x',
      isSwapped: false,
      version: 1,
    });
    await publisher.publish('item.updated', {
      id,
      userId: owner,
      title: 'Tent',
      image: '/api/images/x',
      isSwapped: true,
      version: 2,
    });
    await eventually(async () => (await env.ctx.items.findById(id).lean())?.isSwapped === true);
    await publisher.publish('item.deleted', { id, userId: owner });
    await eventually(async () => (await env.ctx.items.findById(id).lean())?.deleted === true);
    // The title is kept for the conversations about it.
    expect(await env.ctx.items.findById(id).lean()).toMatchObject({ title: 'Tent', isSwapped: true });

    // Deleted before its creation reached us: a tombstone with its owner and nothing else, so a late
    // item.created cannot bring it back.
    const early = newId();
    await publisher.publish('item.deleted', { id: early, userId: owner });
    const tombstone = await eventually(() => env.ctx.items.findById(early).lean());
    expect(tombstone).toMatchObject({ deleted: true, title: '', image: null, isSwapped: false });
    expect(String(tombstone.ownerId)).toBe(owner);
  });

  it('a deleted account ends its open exchanges; a deleted or swapped item declines the requests waiting for it', async () => {
    const [owner, requester, leaving] = await Promise.all([env.user(), env.user(), env.user()]);
    const [kept, gone, given] = await Promise.all([1, 2, 3].map(() => env.item({ ownerId: owner.id })));
    const ask = (who: typeof owner, itemId: string) =>
      request(env.app).post('/api/exchanges').set(who.headers).send({ itemId }).expect(201);
    const accepted = (await ask(leaving, kept!)).body.id as string;
    await request(env.app).post(`/api/exchanges/${accepted}/accept`).set(owner.headers).expect(200);
    const waitingGone = (await ask(requester, gone!)).body.id as string;
    const waitingGiven = (await ask(requester, given!)).body.id as string;
    const statusOf = async (id: string) => (await env.ctx.exchanges.findById(id).lean())?.status;

    await publisher.publish('user.deleted', { id: leaving.id });
    await eventually(async () => (await statusOf(accepted)) === 'cancelled');
    expect(await env.ctx.exchanges.findById(accepted).lean()).toMatchObject({ endReason: 'user_deleted' });
    await publisher.publish('item.deleted', { id: gone!, userId: owner.id });
    await eventually(async () => (await statusOf(waitingGone)) === 'declined');
    await publisher.publish('item.updated', {
      id: given!,
      userId: owner.id,
      title: 'Tent',
      image: null,
      isSwapped: true,
      version: 7,
    });
    await eventually(async () => (await statusOf(waitingGiven)) === 'declined');
    expect(await env.ctx.exchanges.findById(waitingGiven).lean()).toMatchObject({
      endReason: 'item_unavailable',
    });
  });
});
