import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import { buildExchangeEvent, eventually, newId } from '@nomadswap/service-kit/testing';
import { createModerationTestEnv, type ModerationTestEnv } from '../../test/support/moderation-test-env';
import { consumeModerationEvents } from './consume';

let env: ModerationTestEnv;
let publisher: EventBus;

beforeAll(async () => {
  env = await createModerationTestEnv();
  consumeModerationEvents(env.bus, env.ctx);
  await env.bus.start();
  publisher = env.stores.createBus('auth');
});
afterAll(() => env.close());

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
  email: 'ana@example.test',
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

describe('moderation projections', () => {
  it('keeps the newest user summary, ignores stale versions, and turns a deleted user into a tombstone', async () => {
    const id = newId();
    await publisher.publish('user.registered', user(id, { version: 2, fullName: 'Ana N.' }));
    await publisher.publish('user.updated', user(id, { version: 1, fullName: 'Stale' }));
    await eventually(async () => (await env.ctx.users.findById(id).lean())?.fullName === 'Ana N.');
    await drained();
    expect((await env.ctx.users.findById(id).lean())?.fullName).toBe('Ana N.');
    expect((await env.ctx.users.findById(id).lean())?.email).toBe('ana@example.test');

    await publisher.publish('user.deleted', { id });
    await publisher.publish('user.updated', user(id, { version: 3, fullName: 'Back from the dead' }));
    await eventually(async () => (await env.ctx.users.findById(id).lean())?.deleted === true);
    await drained();
    expect(await env.ctx.users.findById(id).lean()).toMatchObject({
      deleted: true,
      fullName: '',
      email: null,
    });
  });

  it('keeps item titles and owners, and records completed exchanges once', async () => {
    const ownerId = newId();
    const itemId = newId();
    await publisher.publish('item.created', {
      id: itemId,
      userId: ownerId,
      title: 'Tent',
      image: null,
      isSwapped: false,
      version: 1,
    });
    await publisher.publish('item.updated', {
      id: itemId,
      userId: ownerId,
      title: 'Big tent',
      image: null,
      isSwapped: false,
      version: 2,
    });
    await eventually(async () => (await env.ctx.items.findById(itemId).lean())?.title === 'Big tent');
    await publisher.publish('item.deleted', { id: itemId, userId: ownerId });
    await eventually(async () => (await env.ctx.items.findById(itemId).lean())?.deleted === true);

    const exchange = buildExchangeEvent({ ownerId, itemId, completedAt: '2026-02-01T00:00:00.000Z' });
    await publisher.publish('exchange.completed', exchange);
    await publisher.publish('exchange.completed', exchange);
    await eventually(async () => (await env.ctx.exchanges.countDocuments({ _id: exchange.id })) === 1);
    await drained();
    expect(await env.ctx.exchanges.countDocuments({ ownerId })).toBe(1);
  });
});
