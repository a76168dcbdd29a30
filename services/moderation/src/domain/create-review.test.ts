import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import { eventually, killAfterWrites, passOutboxGrace } from '@nomadswap/service-kit/testing';
import { createModerationTestEnv, type ModerationTestEnv } from '../../test/support/moderation-test-env';

// Issue 14 fix 6: review.created survives the process being killed between the write and the publish.
let env: ModerationTestEnv;
let restarted: EventBus | undefined;

beforeAll(async () => {
  env = await createModerationTestEnv();
});
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

describe('createReview: killed between the write and the publish', () => {
  it('the review is announced once by the restarted process', async () => {
    const [ana, ben] = [await env.user(), await env.user()];
    const exchangeId = await env.exchange(ana, ben);
    await killAfterWrites(env.bus);

    const res = await request(env.app)
      .post('/api/reviews')
      .set(ana.headers)
      .send({ rating: 4, comment: 'Great tent', revieweeId: ben.id });
    expect(res.status).toBe(500); // the process "died" right after the write
    const stored = await env.ctx.reviews.findOne({}).lean();
    expect(stored).not.toBeNull();
    expect(await env.events('review.created')).toEqual([]);

    restarted = env.stores.serviceBus('moderation');
    await passOutboxGrace(env.ctx.mongo);
    await eventually(async () => (await env.ctx.mongo.collection('outbox').countDocuments()) === 0, 15_000);
    const created = await env.events('review.created');
    expect(created.map((event) => event.data)).toEqual([
      { id: stored!._id.toHexString(), reviewerId: ana.id, revieweeId: ben.id, exchangeId, rating: 4 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await env.events('review.created')).toHaveLength(1);
  });
});
