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
    expect(stored).toMatchObject({ fullName: 'Ana Nomad', email: 'a@x.test', deleted: false });

    await publisher.publish('user.deleted', { id });
    await publisher.publish('user.updated', user(id, { version: 4, fullName: 'Back?' }));
    await eventually(async () => (await env.ctx.users.findById(id).lean())?.deleted === true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await env.ctx.users.findById(id).lean()).toMatchObject({ deleted: true, fullName: '' });
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
  });
});
