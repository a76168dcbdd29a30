import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import { drainOutbox, killAfterWrites, passOutboxGrace } from '@nomadswap/service-kit/testing';
import { createModerationTestEnv, type ModerationTestEnv } from '../../test/support/moderation-test-env';

// Issue 14 fix 6: review.created survives the process being killed between the write and the publish (since issue
// 20 the write that announces a review is its reveal).
let env: ModerationTestEnv;
let restarted: EventBus | undefined;

beforeAll(async () => {
  env = await createModerationTestEnv();
});
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

describe('createReview: killed between the reveal and the publish', () => {
  it('both reviews are announced once by the restarted process', async () => {
    const [ana, ben] = [await env.user(), await env.user()];
    const exchangeId = await env.exchange(ana, ben);
    const post = (from: typeof ana, to: typeof ben, rating: number) =>
      request(env.app)
        .post('/api/reviews')
        .set(from.headers)
        .send({ rating, comment: 'Great tent', revieweeId: to.id });
    // Ana's review is written hidden: nothing to announce yet.
    expect((await post(ana, ben, 4)).status).toBe(201);
    await killAfterWrites(env.bus);

    // Ben's review reveals both; the process "dies" right after the reveal is written.
    expect((await post(ben, ana, 5)).status).toBe(500);
    const stored = await env.ctx.reviews.find({ exchangeId }).sort({ rating: 1 }).lean();
    expect(stored.map((review) => review.revealedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    expect(await env.events('review.created')).toEqual([]);

    restarted = env.stores.serviceBus('moderation');
    await passOutboxGrace(env.ctx.mongo);
    // Emptied and stopped: nothing can send it again, so what is on the stream now is all there will be.
    await drainOutbox(restarted, env.ctx.mongo);
    const created = await env.events('review.created');
    expect(created.map((event) => event.data).sort((a, b) => a.rating - b.rating)).toEqual([
      { id: stored[0]!._id.toHexString(), reviewerId: ana.id, revieweeId: ben.id, exchangeId, rating: 4 },
      { id: stored[1]!._id.toHexString(), reviewerId: ben.id, revieweeId: ana.id, exchangeId, rating: 5 },
    ]);
  });
});
