import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, EventType } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import { eventually } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser } from '../../test/support/factories';
import { consumeAuthEvents } from './consume';

let env: AuthTestEnv;
/** Stands in for messaging and moderation. */
let other: EventBus;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false, consumeEvents: (ctx, bus) => consumeAuthEvents(bus, ctx) });
  other = env.stores.createBus('others');
});
afterAll(() => env.close());

const newId = () => new mongoose.Types.ObjectId().toHexString();

/** Puts the very same envelope on the stream twice, as an at-least-once redelivery would. */
async function deliverTwice<T extends EventType>(type: T, data: EventData<T>): Promise<void> {
  const envelope = await other.publish(type, data);
  await env.stores.redis.xadd(env.stores.stream, '*', 'type', type, 'envelope', JSON.stringify(envelope));
}

/** Waits until the consumer group has acknowledged everything on the stream. */
async function drained(): Promise<void> {
  await eventually(async () => {
    const groups = (await env.stores.redis.call('XINFO', 'GROUPS', env.stores.stream)) as unknown[][];
    const auth = groups.map((g) => Object.fromEntries(chunk(g))).find((g) => g.name === 'auth');
    return (
      auth && auth.pending === 0 && auth['entries-read'] === (await env.stores.redis.xlen(env.stores.stream))
    );
  });
}
const chunk = (flat: unknown[]) =>
  Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);

const stored = (id: string) => env.ctx.users.findById(id).lean();

describe('exchange.completed', () => {
  it('counts one completed swap for each of the two users, once, even when delivered twice', async () => {
    const requester = await buildUser(env);
    const owner = await buildUser(env);
    const exchange = {
      id: newId(),
      requesterId: requester.id,
      ownerId: owner.id,
      itemId: null,
      completedAt: new Date().toISOString(),
    };
    await deliverTwice('exchange.completed', exchange);
    await deliverTwice('exchange.completed', { ...exchange, id: newId() });
    await drained();

    expect(await stored(requester.id)).toMatchObject({ completedSwaps: 2, version: 3 });
    expect(await stored(owner.id)).toMatchObject({ completedSwaps: 2, version: 3 });
    const updates = (await env.events('user.updated')).filter((e) => e.data.id === owner.id);
    expect(updates.map((e) => e.data.version)).toEqual([2, 3]);
  });

  it('ignores users it does not know', async () => {
    const owner = await buildUser(env);
    await deliverTwice('exchange.completed', {
      id: newId(),
      requesterId: newId(),
      ownerId: owner.id,
      itemId: newId(),
      completedAt: new Date().toISOString(),
    });
    await drained();
    expect(await stored(owner.id)).toMatchObject({ completedSwaps: 1 });
  });
});

describe('review.created and review.deleted', () => {
  const review = (revieweeId: string, rating: number) => ({
    id: newId(),
    reviewerId: newId(),
    revieweeId,
    exchangeId: newId(),
    rating,
  });

  it('keeps rating the average of the reviews received and reviewCount their number, idempotently', async () => {
    const user = await buildUser(env);
    const five = review(user.id, 5);
    const two = review(user.id, 2);
    await deliverTwice('review.created', five);
    await deliverTwice('review.created', two);
    await deliverTwice('review.created', review(user.id, 4));
    await drained();
    expect(await stored(user.id)).toMatchObject({ rating: 3.67, reviewCount: 3, version: 4 });
    const last = (await env.events('user.updated')).filter((e) => e.data.id === user.id).at(-1);
    expect(last?.data).toMatchObject({ rating: 3.67, reviewCount: 3, version: 4 });

    await deliverTwice('review.deleted', {
      id: two.id,
      reviewerId: two.reviewerId,
      revieweeId: user.id,
      rating: 2,
    });
    await drained();
    expect(await stored(user.id)).toMatchObject({ rating: 4.5, reviewCount: 2, version: 5 });

    await deliverTwice('review.deleted', {
      id: five.id,
      reviewerId: five.reviewerId,
      revieweeId: user.id,
      rating: 5,
    });
    await drained();
    expect(await stored(user.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('a deletion that overtakes its creation wins: the late review.created is ignored', async () => {
    const user = await buildUser(env);
    const late = review(user.id, 1);
    await other.publish('review.deleted', {
      id: late.id,
      reviewerId: late.reviewerId,
      revieweeId: user.id,
      rating: 1,
    });
    await other.publish('review.created', late);
    await drained();
    expect(await stored(user.id)).toMatchObject({ rating: 0, reviewCount: 0, version: 1 });
  });

  it('never lets the count go below zero after an admin lowered it', async () => {
    const user = await buildUser(env);
    const only = review(user.id, 3);
    await other.publish('review.created', only);
    await drained();
    await env.ctx.users.updateOne(
      { _id: new mongoose.Types.ObjectId(user.id) },
      { $set: { reviewCount: 0 } },
    );
    await other.publish('review.deleted', { ...only, revieweeId: user.id });
    await drained();
    expect(await stored(user.id)).toMatchObject({ reviewCount: 0, rating: 0 });
  });

  it('events of other types and unknown ids leave users alone', async () => {
    const user = await buildUser(env);
    await other.publish('review.created', review(newId(), 5));
    await other.publish('item.created', {
      id: randomUUID(),
      userId: user.id,
      title: 'Tent',
      image: null,
      isSwapped: false,
      version: 1,
    });
    await drained();
    expect(await stored(user.id)).toMatchObject({ version: 1, rating: 0 });
  });
});
