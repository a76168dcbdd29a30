import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventData, EventType } from '@nomadswap/contracts/events';
import type { EventBus } from '@nomadswap/service-kit/events';
import request from 'supertest';
import { ExchangeEventDataSchema } from '@nomadswap/contracts/exchanges';
import { UserPublicSchema, UserSelfSchema } from '@nomadswap/contracts/responses';
import { buildExchangeEvent, eventually } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildAdmin, buildUser } from '../../test/support/factories';
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

const stored = (id: string) => env.models.users.findById(id).lean();

describe('exchange outcomes', () => {
  const counters = async (id: string) => {
    const user = await stored(id);
    return {
      completedSwaps: user?.completedSwaps,
      arrangedSwaps: user?.arrangedSwaps,
      noShows: user?.noShows,
      version: user?.version,
    };
  };

  it('counts a completed swap and an arranged one for each of the two users, once, even when delivered twice', async () => {
    const requester = await buildUser(env);
    const owner = await buildUser(env);
    const exchange = buildExchangeEvent({ requesterId: requester.id, ownerId: owner.id });
    await deliverTwice('exchange.completed', exchange);
    await deliverTwice('exchange.completed', { ...exchange, id: newId() });
    await drained();

    for (const user of [requester, owner]) {
      expect(await counters(user.id)).toEqual({
        completedSwaps: 2,
        arrangedSwaps: 2,
        noShows: 0,
        version: 3,
      });
    }
    const updates = (await env.events('user.updated')).filter((e) => e.data.id === owner.id);
    expect(updates.map((e) => e.data.version)).toEqual([2, 3]);
  });

  it('counts an old completion event from the stream (no status, no acceptedAt) as a completed, arranged swap', async () => {
    const owner = await buildUser(env);
    const legacy = ExchangeEventDataSchema.parse({
      id: newId(),
      requesterId: newId(),
      ownerId: owner.id,
      itemId: newId(),
      completedAt: new Date().toISOString(),
    });
    await deliverTwice('exchange.completed', legacy);
    await drained();
    expect(await counters(owner.id)).toMatchObject({ completedSwaps: 1, arrangedSwaps: 1, version: 2 });
  });

  it('counts an accepted exchange that ended as arranged for both, and a no-show against the one who did not come', async () => {
    const requester = await buildUser(env);
    const owner = await buildUser(env);
    const accepted = { requesterId: requester.id, ownerId: owner.id, completedAt: null };
    const endedAt = new Date().toISOString();
    await deliverTwice('exchange.ended', buildExchangeEvent({ ...accepted, status: 'cancelled', endedAt }));
    await deliverTwice(
      'exchange.ended',
      buildExchangeEvent({ ...accepted, status: 'no_show', endedAt, noShowUserId: owner.id }),
    );
    await drained();
    expect(await counters(requester.id)).toEqual({
      completedSwaps: 0,
      arrangedSwaps: 2,
      noShows: 0,
      version: 3,
    });
    expect(await counters(owner.id)).toEqual({ completedSwaps: 0, arrangedSwaps: 2, noShows: 1, version: 3 });
  });

  it('counts nothing for a proposal that ended before it was accepted, nor for an exchange still open', async () => {
    const requester = await buildUser(env);
    const owner = await buildUser(env);
    const parties = { requesterId: requester.id, ownerId: owner.id, completedAt: null, acceptedAt: null };
    const endedAt = new Date().toISOString();
    for (const status of ['declined', 'withdrawn', 'expired'] as const) {
      await other.publish('exchange.ended', buildExchangeEvent({ ...parties, status, endedAt }));
    }
    await other.publish(
      'exchange.ended',
      buildExchangeEvent({ ...parties, status: 'accepted', acceptedAt: endedAt }),
    );
    await other.publish('exchange.completed', buildExchangeEvent({ ...parties, status: 'proposed' }));
    await drained();
    for (const user of [requester, owner]) {
      expect(await counters(user.id)).toEqual({
        completedSwaps: 0,
        arrangedSwaps: 0,
        noShows: 0,
        version: 1,
      });
    }
  });

  it('ignores users it does not know', async () => {
    const owner = await buildUser(env);
    await deliverTwice(
      'exchange.completed',
      buildExchangeEvent({ requesterId: newId(), ownerId: owner.id, itemId: newId() }),
    );
    await drained();
    expect(await counters(owner.id)).toMatchObject({ completedSwaps: 1 });
  });

  it('shows arranged swaps on the public profile and no-shows only to the user and admins', async () => {
    const user = await buildUser(env);
    const viewer = await buildUser(env);
    const admin = await buildAdmin(env);
    await other.publish(
      'exchange.ended',
      buildExchangeEvent({
        requesterId: user.id,
        ownerId: viewer.id,
        status: 'no_show',
        completedAt: null,
        endedAt: new Date().toISOString(),
        noShowUserId: user.id,
      }),
    );
    await drained();
    const seen = await request(env.app).get(`/api/users/${user.id}`).set(viewer.headers);
    expect(UserPublicSchema.strict().parse(seen.body)).toMatchObject({ arrangedSwaps: 1, completedSwaps: 0 });
    for (const [path, session] of [
      [`/api/users/${user.id}`, user],
      [`/api/auth/me`, user],
      [`/api/admin/users/${user.id}`, admin],
    ] as const) {
      const res = await request(env.app).get(path).set(session.headers);
      expect(UserSelfSchema.strict().parse(res.body)).toMatchObject({ arrangedSwaps: 1, noShows: 1 });
    }
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

  it('a deleted review that was never revealed (never counted) leaves the rating and count as they were', async () => {
    const user = await buildUser(env);
    const counted = review(user.id, 4);
    await other.publish('review.created', counted);
    const hidden = review(user.id, 1);
    await other.publish('review.deleted', { ...hidden, revieweeId: user.id });
    await drained();
    expect(await stored(user.id)).toMatchObject({ rating: 4, reviewCount: 1, version: 2 });
  });

  it('never lets the count go below zero after an admin lowered it', async () => {
    const user = await buildUser(env);
    const only = review(user.id, 3);
    await other.publish('review.created', only);
    await drained();
    await env.models.users.updateOne(
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
