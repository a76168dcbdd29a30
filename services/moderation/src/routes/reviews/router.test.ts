import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import { ReviewSchema } from '@nomadswap/contracts/responses';
import { buildExchangeEvent, eventually, newId } from '@nomadswap/service-kit/testing';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from '../../../test/support/moderation-test-env';

let env: ModerationTestEnv;
let pending: TestUser;
let admin: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  [pending, admin] = await Promise.all([env.user({ isApproved: false }), env.user({ role: 'admin' })]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const DAY = 24 * 60 * 60 * 1000;
/** The review.created events announcing this review (it counts in the reviewee's rating from then on). */
const createdEventsOf = async (reviewId: string) =>
  (await env.events('review.created'))
    .filter((event) => event.data.id === reviewId)
    .map((event) => event.data);
const review = (from: TestUser, body: Record<string, unknown>) =>
  api().post('/api/reviews').set(from.headers).send(body);
const good = (to: TestUser, extra: Record<string, unknown> = {}) => ({
  rating: 5,
  comment: '  Smooth swap, great tent!  ',
  revieweeId: to.id,
  ...extra,
});

describe('POST /api/reviews', () => {
  it('a party of a completed exchange reviews the other once: 201, stored trimmed, hidden until the other reviews back', async () => {
    const [ana, ben] = await Promise.all([env.user({ fullName: 'Ana Nomad' }), env.user()]);
    const exchangeId = await env.exchange(ana, ben);
    const res = await review(ana, good(ben));
    expect(res.status).toBe(201);
    expect(ReviewSchema.strict().parse(res.body)).toMatchObject({
      reviewerId: ana.id,
      revieweeId: ben.id,
      exchangeId,
      rating: 5,
      comment: 'Smooth swap, great tent!',
      isRevealed: false,
      reviewer: { id: ana.id, fullName: 'Ana Nomad', username: ana.username, avatar: null },
    });
    expect(await env.ctx.reviews.countDocuments({ exchangeId })).toBe(1);
    expect(await createdEventsOf(res.body.id)).toEqual([]);

    // Once per exchange: again (named or not) → 409; the other party may still review back.
    const again = await review(ana, good(ben, { exchangeId }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You have already reviewed this exchange', code: 'REVIEW_EXISTS' });
    expect((await review(ana, good(ben))).status).toBe(409);
    const back = await review(ben, good(ana, { exchangeId }));
    expect(back.status).toBe(201);
    expect(back.body.isRevealed).toBe(true);
    expect(await createdEventsOf(res.body.id)).toEqual([
      { id: res.body.id, reviewerId: ana.id, revieweeId: ben.id, exchangeId, rating: 5 },
    ]);
    // A second completed swap opens a second review.
    await env.exchange(ben, ana);
    expect((await review(ana, good(ben))).status).toBe(201);
  });

  it('two concurrent reviews of one exchange store one and answer 409 to the other', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const exchangeId = await env.exchange(ana, ben);
    const results = await Promise.all([
      review(ana, good(ben, { exchangeId })),
      review(ana, good(ben, { exchangeId })),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await env.ctx.reviews.countDocuments({ exchangeId })).toBe(1);
  });

  it('without a completed exchange with the reviewee it is refused with the spec text', async () => {
    const [ana, ben, cleo] = await Promise.all([env.user(), env.user(), env.user()]);
    const none = await review(ana, good(ben));
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({
      error: 'No completed exchange found with this user',
      code: 'NO_COMPLETED_EXCHANGE',
    });
    // An exchange between others does not count, even when named.
    const theirs = await env.exchange(ben, cleo);
    expect((await review(ana, good(ben, { exchangeId: theirs }))).body.error).toBe(
      'No completed exchange found with this user',
    );
    expect((await review(ana, good(ben, { exchangeId: newId() }))).status).toBe(403);
  });

  it('refuses reviewing oneself (400) and an unknown or deleted user (404)', async () => {
    const ana = await env.user();
    const self = await review(ana, good(ana));
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot review yourself');
    expect((await review(ana, { ...good(ana), revieweeId: newId() })).status).toBe(404);
    const gone = await env.user();
    await env.exchange(ana, gone);
    await env.bus.publish('user.deleted', { id: gone.id });
    const { applyUserDeleted } = await import('../../domain/apply-user-events');
    await applyUserDeleted(env.ctx, { userId: gone.id });
    const deleted = await review(ana, good(gone));
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('User Not Found');
  });

  it.each([
    [{ comment: 'ok' }, 'rating', 'Rating required'],
    [{ rating: 0, comment: 'ok' }, 'rating', 'Rating required'],
    [{ rating: 6, comment: 'ok' }, 'rating', 'Rating required'],
    [{ rating: 3.5, comment: 'ok' }, 'rating', 'Rating required'],
    [{ rating: 4 }, 'comment', 'Comment required'],
    [{ rating: 4, comment: '   ' }, 'comment', 'Comment required'],
    [{ rating: 4, comment: 'x'.repeat(501) }, 'comment', 'Comment must be at most 500 characters'],
  ])('bad input %j → 400 on %s with “%s”', async (body, field, message) => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    await env.exchange(ana, ben);
    const res = await review(ana, { revieweeId: ben.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field, message });
  });

  it('a 500-character comment is accepted; a malformed revieweeId is a 400', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    await env.exchange(ana, ben);
    expect((await review(ana, good(ben, { comment: 'x'.repeat(500) }))).status).toBe(201);
    expect((await review(ana, { rating: 4, comment: 'fine', revieweeId: 'nope' })).status).toBe(400);
  });

  it('visitors get 401 and unapproved users 403', async () => {
    const ben = await env.user();
    expect((await api().post('/api/reviews').send(good(ben))).status).toBe(401);
    const refused = await review(pending, good(ben));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Approval Required');
  });
});

describe('review eligibility from the bus', () => {
  it('a real exchange.completed event makes the review possible and shows it as pending', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user({ fullName: 'Ben Rover' })]);
    const { consumeModerationEvents } = await import('../../events/consume');
    consumeModerationEvents(env.bus, env.ctx);
    await env.bus.start();
    const itemId = await env.item({ ownerId: ben.id, title: 'Hammock' });
    expect((await review(ana, good(ben))).status).toBe(403);
    // Only a completed exchange opens reviews: another state (had it come on this event) opens nothing.
    for (const status of ['accepted', 'cancelled'] as const) {
      await env.bus.publish(
        'exchange.completed',
        buildExchangeEvent({ requesterId: ana.id, ownerId: ben.id, itemId, status }),
      );
    }
    const { id: exchangeId } = await env.bus
      .publish('exchange.completed', buildExchangeEvent({ requesterId: ana.id, ownerId: ben.id, itemId }))
      .then((envelope) => envelope.data);
    const pendingList = await eventually(async () => {
      const res = await api().get('/api/reviews/pending').set(ana.headers);
      return res.body.length ? res.body : null;
    });
    expect(pendingList).toEqual([
      {
        exchangeId,
        completedAt: expect.any(String),
        otherUser: { id: ben.id, fullName: 'Ben Rover', username: ben.username, avatar: null },
        item: { id: itemId, title: 'Hammock' },
        otherReviewed: false,
      },
    ]);
    expect(await env.ctx.exchanges.countDocuments({ requesterId: ana.id })).toBe(1);
    expect((await review(ana, good(ben))).status).toBe(201);
    expect((await api().get('/api/reviews/pending').set(ana.headers)).body).toEqual([]);
    // Ben has not reviewed Ana yet: his row says Ana reviewed him ("… leave yours to see it").
    expect((await api().get('/api/reviews/pending').set(ben.headers)).body).toMatchObject([
      { exchangeId, otherUser: { id: ana.id }, otherReviewed: true },
    ]);
  });
});

describe('GET /api/reviews/pending', () => {
  it('visitors get 401, unapproved users 403, a user without exchanges an empty list', async () => {
    expect((await api().get('/api/reviews/pending')).status).toBe(401);
    expect((await api().get('/api/reviews/pending').set(pending.headers)).status).toBe(403);
    const loner = await env.user();
    expect((await api().get('/api/reviews/pending').set(loner.headers)).body).toEqual([]);
  });
});

describe('GET /api/reviews/:userId', () => {
  it('lists reviews received newest first with the reviewer, a deleted reviewer as null', async () => {
    const [ana, ben, cleo] = await Promise.all([env.user(), env.user(), env.user({ fullName: 'Cleo' })]);
    // Swaps completed over 14 days ago: their reviews show at once.
    const completedAt = new Date(Date.now() - EXCHANGE_LIMITS.reviewRevealMs - 60_000);
    await Promise.all([
      env.exchange(ana, ben, undefined, { completedAt }),
      env.exchange(cleo, ben, undefined, { completedAt }),
    ]);
    const first = (await review(ana, good(ben, { rating: 3, comment: 'first' }))).body;
    const second = (await review(cleo, good(ben, { rating: 4, comment: 'second' }))).body;
    const res = await api().get(`/api/reviews/${ben.id}`).set(ana.headers);
    expect(res.status).toBe(200);
    expect(res.body.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
    expect(res.body[0].reviewer).toEqual({
      id: cleo.id,
      fullName: 'Cleo',
      username: cleo.username,
      avatar: null,
    });

    const { applyUserDeleted } = await import('../../domain/apply-user-events');
    await applyUserDeleted(env.ctx, { userId: cleo.id });
    const after = await api().get(`/api/reviews/${ben.id}`).set(ana.headers);
    expect(after.body.map((row: { id: string }) => row.id)).toEqual([second.id, first.id]);
    expect(after.body[0].reviewer).toBeNull();
  });

  it('visitors 401; unapproved users read only their own; admins anyone’s; bad id 400', async () => {
    const ben = await env.user();
    expect((await api().get(`/api/reviews/${ben.id}`)).status).toBe(401);
    expect((await api().get(`/api/reviews/${ben.id}`).set(pending.headers)).status).toBe(403);
    expect((await api().get(`/api/reviews/${pending.id}`).set(pending.headers)).body).toEqual([]);
    expect((await api().get(`/api/reviews/${ben.id}`).set(admin.headers)).status).toBe(200);
    expect((await api().get('/api/reviews/not-an-id').set(admin.headers)).status).toBe(400);
  });
});

describe('DELETE /api/admin/reviews/:id', () => {
  it('an admin deletes a review: gone, review.deleted published, audited; again → 404', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    await env.exchange(ana, ben, undefined, { completedAt: new Date(Date.now() - 15 * DAY) });
    const created = (await review(ana, good(ben, { rating: 2 }))).body;
    const res = await api().delete(`/api/admin/reviews/${created.id}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Review deleted', id: created.id });
    expect((await api().get(`/api/reviews/${ben.id}`).set(ana.headers)).body).toEqual([]);
    const deleted = (await env.events('review.deleted')).filter((event) => event.data.id === created.id);
    expect(deleted.map((event) => event.data)).toEqual([
      { id: created.id, reviewerId: ana.id, revieweeId: ben.id, rating: 2 },
    ]);
    const audit = await env.ctx.auditLog.find({ 'target.id': created.id }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'review.deleted',
      target: { type: 'review', id: created.id },
      before: { rating: 2, reviewerId: ana.id, revieweeId: ben.id },
      after: null,
    });
    const again = await api().delete(`/api/admin/reviews/${created.id}`).set(admin.headers);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Review not found');
  });

  it('visitors 401, users (approved or not) 403, a bad id 400', async () => {
    const ana = await env.user();
    const id = newId();
    expect((await api().delete(`/api/admin/reviews/${id}`)).status).toBe(401);
    expect((await api().delete(`/api/admin/reviews/${id}`).set(ana.headers)).status).toBe(403);
    expect((await api().delete(`/api/admin/reviews/${id}`).set(pending.headers)).status).toBe(403);
    expect((await api().delete('/api/admin/reviews/zzz').set(admin.headers)).status).toBe(400);
  });
});
