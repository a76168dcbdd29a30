import request from 'supertest';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_TIME_MIN_SAMPLES } from '@nomadswap/contracts/messaging-responses';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import { replyDelays } from '../../domain/get-reply-time';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

const MINUTE = 60_000;
const start = new Date('2027-01-01T08:00:00Z').getTime();
const message = (from: TestUser | string, to: TestUser | string, minute: number) => ({
  _id: new Types.ObjectId(),
  senderId: new Types.ObjectId(typeof from === 'string' ? from : from.id),
  receiverId: new Types.ObjectId(typeof to === 'string' ? to : to.id),
  content: 'hi',
  clientId: new Types.ObjectId().toHexString(),
  itemId: null,
  exchangeId: null,
  isRead: true,
  readAt: null,
  createdAt: new Date(start + minute * MINUTE),
});

describe('replyDelays', () => {
  it('counts the first answer to a run of incoming messages, per conversation, and nothing unanswered', () => {
    const me = new Types.ObjectId().toHexString();
    const [a, b] = [new Types.ObjectId().toHexString(), new Types.ObjectId().toHexString()];
    const delays = replyDelays(me, [
      message(a, me, 0),
      message(a, me, 5),
      message(b, me, 6),
      message(me, a, 10),
      message(me, a, 11),
      message(me, b, 66),
      message(a, me, 100),
    ]);
    expect(delays).toEqual([10 * MINUTE, 60 * MINUTE]);
  });
});

describe('GET /api/messaging/users/:userId/reply-time', () => {
  it(`shows a median only from ${REPLY_TIME_MIN_SAMPLES} replies on, to approved viewers`, async () => {
    const [host, guest, viewer, pending] = await Promise.all([
      env.user(),
      env.user(),
      env.user(),
      env.user({ isApproved: false }),
    ]);
    const replies = [4, 10, 30];
    await env.ctx.messages.collection.insertMany(
      replies
        .slice(0, REPLY_TIME_MIN_SAMPLES - 1)
        .flatMap((delay, i) => [message(guest, host, i * 100), message(host, guest, i * 100 + delay)]),
    );
    const path = `/api/messaging/users/${host.id}/reply-time`;
    const few = await request(env.app).get(path).set(viewer.headers);
    expect(few.status).toBe(200);
    expect(few.body).toEqual({ userId: host.id, medianMinutes: null, samples: REPLY_TIME_MIN_SAMPLES - 1 });

    await env.ctx.messages.collection.insertMany([message(guest, host, 500), message(host, guest, 530)]);
    await env.stores.redis.del(`${env.ctx.keyPrefix}replytime:${host.id}`);
    const enough = await request(env.app).get(path).set(viewer.headers);
    expect(enough.body).toEqual({ userId: host.id, medianMinutes: 10, samples: REPLY_TIME_MIN_SAMPLES });

    expect((await request(env.app).get(path)).status).toBe(401);
    expect((await request(env.app).get(path).set(pending.headers)).status).toBe(403);
    expect(
      (await request(env.app).get('/api/messaging/users/nope/reply-time').set(viewer.headers)).status,
    ).toBe(400);
  });

  it('serves the figure it worked out for 10 minutes, new replies or not', async () => {
    const [host, guest, viewer] = await Promise.all([env.user(), env.user(), env.user()]);
    const pairs = (delays: number[], from: number) =>
      delays.flatMap((delay, i) => [
        message(guest, host, from + i * 100),
        message(host, guest, from + i * 100 + delay),
      ]);
    await env.ctx.messages.collection.insertMany(pairs([2, 2, 2], 0));
    const path = `/api/messaging/users/${host.id}/reply-time`;
    const first = await request(env.app).get(path).set(viewer.headers);
    expect(first.body).toMatchObject({ medianMinutes: 2, samples: 3 });
    await env.ctx.messages.collection.insertMany(pairs([50, 50, 50, 50], 1_000));
    expect((await request(env.app).get(path).set(viewer.headers)).body).toEqual(first.body);
    const ttl = await env.stores.redis.ttl(`${env.ctx.keyPrefix}replytime:${host.id}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});
