import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import type { Review } from '@nomadswap/contracts/responses';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from '../../../test/support/moderation-test-env';
import { revealLegacyReviews } from '../../data/review';
import { oid } from '../../data/ids';

let env: ModerationTestEnv;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  [admin, stranger] = await Promise.all([env.user({ role: 'admin' }), env.user()]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const DAY = 24 * 60 * 60 * 1000;
const review = (from: TestUser, to: TestUser, rating = 4) =>
  api()
    .post('/api/reviews')
    .set(from.headers)
    .send({ revieweeId: to.id, rating, comment: `From ${from.id}` });
const received = async (user: TestUser, as: TestUser): Promise<Review[]> => {
  const res = await api().get(`/api/reviews/${user.id}`).set(as.headers);
  expect(res.status).toBe(200);
  return res.body as Review[];
};
const announced = async (reviewId: string) =>
  (await env.events('review.created')).filter((event) => event.data.id === reviewId);
const pendingOf = async (user: TestUser) =>
  (await api().get('/api/reviews/pending').set(user.headers)).body as {
    exchangeId: string;
    otherReviewed: boolean;
  }[];

describe('reviews revealed together', () => {
  it('hides a review from the reviewee, everyone else and the rating until the other party reviews back; then both show', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user({ fullName: 'Ben Rover' })]);
    const exchangeId = await env.exchange(ana, ben);
    const first = await review(ana, ben, 2);
    expect(first.status).toBe(201);
    expect(first.body.isRevealed).toBe(false);

    for (const viewer of [ben, ana, stranger]) expect(await received(ben, viewer)).toEqual([]);
    expect(await received(ben, admin)).toMatchObject([{ id: first.body.id, rating: 2, isRevealed: false }]);
    expect(await announced(first.body.id)).toEqual([]);
    // Ben is told Ana reviewed him, not what she wrote.
    expect(await pendingOf(ben)).toEqual([expect.objectContaining({ exchangeId, otherReviewed: true })]);
    expect(await pendingOf(ana)).toEqual([]);

    const second = await review(ben, ana, 5);
    expect(second.status).toBe(201);
    expect(second.body.isRevealed).toBe(true);
    expect(await received(ben, stranger)).toMatchObject([{ id: first.body.id, rating: 2, isRevealed: true }]);
    expect(await received(ana, ben)).toMatchObject([{ id: second.body.id, rating: 5, isRevealed: true }]);
    expect(await received(ben, admin)).toMatchObject([{ id: first.body.id, isRevealed: true }]);
    // Each announced once: auth counts it in the rating from now on.
    expect((await announced(first.body.id)).map((event) => event.data)).toEqual([
      { id: first.body.id, reviewerId: ana.id, revieweeId: ben.id, exchangeId, rating: 2 },
    ]);
    expect(await announced(second.body.id)).toHaveLength(1);
    expect(await pendingOf(ben)).toEqual([]);
  });

  it('reveals both, each announced once, when the two parties review at the same moment', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    await env.exchange(ana, ben);
    const [a, b] = await Promise.all([review(ana, ben), review(ben, ana)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await received(ben, stranger)).toMatchObject([{ id: a.body.id, isRevealed: true }]);
    expect(await received(ana, stranger)).toMatchObject([{ id: b.body.id, isRevealed: true }]);
    expect(await announced(a.body.id)).toHaveLength(1);
    expect(await announced(b.body.id)).toHaveLength(1);
  });

  it('reveals a lone review 14 days after the exchange completed, not 1 ms before: shown then, and counted by the sweeper', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const completedAt = new Date('2026-03-01T12:00:00.000Z');
    env.setNow(new Date(completedAt.getTime() + DAY));
    try {
      await env.exchange(ana, ben, undefined, { completedAt });
      const lone = (await review(ana, ben)).body as Review;
      expect(lone.isRevealed).toBe(false);
      const revealer = await env.startRevealer();

      const cases = [
        { at: EXCHANGE_LIMITS.reviewRevealMs - 1, shown: false, revealed: 0 },
        { at: EXCHANGE_LIMITS.reviewRevealMs, shown: true, revealed: 1 },
        // Swept already: a later sweep announces nothing again.
        { at: EXCHANGE_LIMITS.reviewRevealMs + DAY, shown: true, revealed: 0 },
      ];
      for (const { at, shown, revealed } of cases) {
        env.setNow(new Date(completedAt.getTime() + at));
        expect((await received(ben, ben)).map((row) => row.id)).toEqual(shown ? [lone.id] : []);
        expect(await revealer.run()).toBe(revealed);
        expect(await announced(lone.id)).toHaveLength(shown ? 1 : 0);
      }
      expect(await env.ctx.reviews.findById(oid(lone.id)).lean()).toMatchObject({
        revealedAt: new Date(completedAt.getTime() + EXCHANGE_LIMITS.reviewRevealMs),
      });
      // Reviewing back after the 14 days: shown at once.
      const late = await review(ben, ana);
      expect(late.body.isRevealed).toBe(true);
      expect(await announced(late.body.id)).toHaveLength(1);
    } finally {
      env.setNow(null);
    }
  });

  it('deleting a hidden review announces its deletion, and the review is never announced as counted (the rating never had it)', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const completedAt = new Date();
    await env.exchange(ana, ben, undefined, { completedAt });
    const hidden = (await review(ana, ben, 1)).body as Review;
    const res = await api().delete(`/api/admin/reviews/${hidden.id}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect((await env.events('review.deleted')).filter((event) => event.data.id === hidden.id)).toHaveLength(
      1,
    );
    // Its 14 days pass: nothing is left to reveal, nothing is announced.
    env.setNow(new Date(completedAt.getTime() + EXCHANGE_LIMITS.reviewRevealMs));
    try {
      const revealer = await env.startRevealer();
      await revealer.run();
      expect(await announced(hidden.id)).toEqual([]);
      expect(await received(ben, admin)).toEqual([]);
    } finally {
      env.setNow(null);
    }
  });

  it('treats reviews written before reviews were revealed together as revealed since they were written', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const createdAt = new Date('2026-01-10T10:00:00.000Z');
    const { insertedId } = await env.ctx.reviews.collection.insertOne({
      reviewerId: oid(ana.id),
      revieweeId: oid(ben.id),
      exchangeId: oid(await env.exchange(ana, ben)),
      rating: 4,
      comment: 'Before the change',
      createdAt,
    });
    await revealLegacyReviews(env.ctx.reviews);
    expect(await env.ctx.reviews.findById(insertedId).lean()).toMatchObject({
      revealedAt: createdAt,
      revealDueAt: createdAt,
    });
    expect(await received(ben, stranger)).toMatchObject([{ id: insertedId.toHexString(), isRevealed: true }]);
  });
});
