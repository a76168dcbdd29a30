import mongoose from 'mongoose';
import request from 'supertest';
import { QueueEvents } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_DEADLINE_LIMITS } from '@nomadswap/contracts/items';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/headers';
import { MSG } from '@nomadswap/contracts/messages';
import { DEFAULT_MESSAGING_SETTINGS, type MessagingSettings } from '@nomadswap/contracts/messaging';
import { ItemCardSchema, ItemSchema, type Item, type ItemCard } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import type { ItemRecord } from '../../data/item';
import { applyExchangeEvent } from '../../domain/apply-exchange-events';
import { applyNotificationSettings, deleteUserData } from '../../domain/apply-user-events';
import { DeadlineNotDueError, plannedDeadlineJobs } from '../../domain/item-deadlines';
import { runDeadlineJob, startDeadlineWorker } from '../../jobs/item-deadlines';
import { DEADLINE_QUEUE, type DeadlineJob } from '../../jobs/queues';
import { buildItem, buildItemInput, buildOwner } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let env: ItemsTestEnv;
let owner: TestSession;
let other: TestSession;
/** The context's clock, set by each test. */
let clock = new Date();

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  env.ctx.now = () => clock;
  [owner, other] = await Promise.all([env.signIn(), env.signIn()]);
  await buildOwner(env, { id: owner.id, fullName: 'Ana Nomad', email: 'ana@example.com' });
  await buildOwner(env, { id: other.id });
});
afterAll(() => env.close());
afterEach(async () => {
  clock = new Date();
  await env.ctx.deadlines.obliterate({ force: true });
  await env.ctx.notifications.queue.obliterate({ force: true });
  await env.ctx.push.queue.obliterate({ force: true });
});

const api = () => request(env.app);
const oid = (id: string) => new mongoose.Types.ObjectId(id);
const record = async (id: string) => (await env.ctx.items.findById(oid(id)).lean<ItemRecord>())!;
const expireJobOf = (item: ItemRecord) =>
  plannedDeadlineJobs(item).find((job) => job.data.kind === 'expire')!;
const runJob = (id: string, data: DeadlineJob) => runDeadlineJob(env.ctx, { id, data });
/** messaging announces a user's settings (what the bus hands items' consumer). */
const publishSettings = (userId: string, version: number, settings: MessagingSettings) =>
  applyNotificationSettings(env.ctx, { userId, version, settings });

async function listItem(session: TestSession, body: Record<string, unknown>) {
  return api()
    .post('/api/items')
    .set(session.headers)
    .send(buildItemInput(body as never));
}

describe('availableUntil on POST /api/items', () => {
  it('takes a date as 23:59 that day in the item time zone (UTC for a location that matched no place) and plans the expiry with its delay from the context clock', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const res = await listItem(owner, { availableUntil: '2026-06-03', location: 'Somewhere unmapped' });
    expect(res.status).toBe(201);
    expect(ItemSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ availableUntil: '2026-06-03T23:59:00.000Z', expiredAt: null });

    const stored = await record(res.body.id);
    const job = await env.ctx.deadlines.getJob(expireJobOf(stored).id);
    expect(job?.data).toEqual({ kind: 'expire', itemId: res.body.id, at: '2026-06-03T23:59:00.000Z' });
    expect(job?.opts.delay).toBe(2 * DAY + 11 * HOUR + 59 * 60_000);
    // Both reminders are ahead of the clock: planned too, per owner and deadline.
    const deadline = Date.parse('2026-06-03T23:59:00.000Z');
    for (const beforeMs of ITEM_DEADLINE_LIMITS.remindersBeforeMs) {
      const reminder = await env.ctx.deadlines.getJob(`item-remind-${owner.id}-${deadline}-${beforeMs}`);
      expect(reminder?.opts.delay).toBe(deadline - beforeMs - clock.getTime());
    }
  });

  it.each([
    [
      'the picked place (Bangkok, UTC+7)',
      { placeId: '1609350', location: 'Bangkok' },
      '2026-06-03T16:59:00.000Z',
    ],
    [
      'the place its text names (Lisbon in summer, UTC+1)',
      { location: 'Lisbon, Portugal' },
      '2026-06-03T22:59:00.000Z',
    ],
    ['UTC when the text names no place', { location: 'Lisbon area' }, '2026-06-03T23:59:00.000Z'],
  ])('a day is 23:59 in the time zone of %s', async (_name, place, expected) => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const res = await listItem(owner, { availableUntil: '2026-06-03', ...place });
    expect(res.status).toBe(201);
    expect(res.body.availableUntil).toBe(expected);
  });

  it('takes a date-time with an offset as that instant; without one, the item has no deadline and no job', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const timed = await listItem(owner, { availableUntil: '2026-06-02T10:30:00+02:00' });
    expect(timed.body.availableUntil).toBe('2026-06-02T08:30:00.000Z');
    const open = await listItem(owner, {});
    expect(open.status).toBe(201);
    expect(open.body.availableUntil).toBeNull();
    expect(plannedDeadlineJobs(await record(open.body.id))).toEqual([]);
    // The expiry and the 6 h reminder; the 48 h reminder's moment (20.5 h ahead) has passed.
    expect(await env.ctx.deadlines.getJobCounts('delayed')).toEqual({ delayed: 2 });
  });

  it.each([
    ['one minute ahead', ITEM_DEADLINE_LIMITS.minAheadMs, 201, null],
    ['1 ms short of a minute', ITEM_DEADLINE_LIMITS.minAheadMs - 1, 400, MSG.availableUntilPast],
    ['in the past', -DAY, 400, MSG.availableUntilPast],
    ['exactly a year ahead', ITEM_DEADLINE_LIMITS.maxAheadMs, 201, null],
    ['a year and 1 ms ahead', ITEM_DEADLINE_LIMITS.maxAheadMs + 1, 400, MSG.availableUntilTooFar],
  ])('a deadline %s answers %i', async (_name, aheadMs, status, message) => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const availableUntil = new Date(clock.getTime() + aheadMs).toISOString();
    const res = await listItem(owner, { availableUntil });
    expect(res.status).toBe(status);
    if (message) {
      expect(res.body).toMatchObject({
        error: message,
        code: 'INVALID_DEADLINE',
        details: [{ field: 'availableUntil', message }],
      });
    }
  });

  it('refuses text that is neither a date nor a date-time with an offset (400, the catalogue text)', async () => {
    for (const availableUntil of ['tomorrow', '2026-06-03T10:00:00', '03/06/2026']) {
      const res = await listItem(owner, { availableUntil });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'availableUntil', message: MSG.availableUntilInvalid }]);
    }
  });
});

describe('expiry at the deadline', () => {
  it('expires the item exactly at its deadline (not 1 ms before): gone from browse, search, stats and others’ favourites, kept for its owner', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const title = `Leaving lamp ${new mongoose.Types.ObjectId().toHexString()}`;
    const created = await listItem(owner, { title, availableUntil: '2026-06-02T12:00:00Z' });
    const itemId = created.body.id as string;
    await api().post(`/api/items/${itemId}/favorite`).set(other.headers).expect(200);
    const job = expireJobOf(await record(itemId));

    clock = new Date(Date.parse('2026-06-02T12:00:00Z') - 1);
    await expect(runJob(job.id, job.data)).rejects.toBeInstanceOf(DeadlineNotDueError);
    expect((await record(itemId)).expiredAt).toBeNull();

    clock = new Date('2026-06-02T12:00:00Z');
    expect(await runJob(job.id, job.data)).toEqual({ status: 'expired' });
    expect((await record(itemId)).expiredAt).toEqual(clock);
    // A second run (a retry) changes nothing.
    expect(await runJob(job.id, job.data)).toEqual({ status: 'not-listed' });

    const search = await api()
      .get(`/api/items?q=${encodeURIComponent(title)}`)
      .set(other.headers);
    expect(search.body).toEqual([]);
    const browse = await api().get('/api/items?limit=100').set(other.headers);
    expect(browse.body.map((item: Item) => item.id)).not.toContain(itemId);
    const stats = await api().get('/api/items/stats');
    expect(stats.body.locationCounts['Lisbon, Portugal'] ?? 0).toBe(
      await env.ctx.items.countDocuments({
        location: 'Lisbon, Portugal',
        expiredAt: null,
        isSwapped: false,
        isActive: true,
      }),
    );
    const favorites = await api().get('/api/favorites').set(other.headers);
    expect(favorites.body.map((item: Item) => item.id)).not.toContain(itemId);

    const mine = await api().get(`/api/items?userId=${owner.id}&limit=100`).set(owner.headers);
    const expired = (mine.body as Item[]).find((item) => item.id === itemId);
    expect(expired).toMatchObject({ expiredAt: '2026-06-02T12:00:00.000Z' });
  });

  it('moves the job when the owner moves the date; the old job, run anyway, does nothing', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const created = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const before = await record(created.body.id);
    const oldJob = expireJobOf(before);

    const moved = await api()
      .put(`/api/items/${before._id.toHexString()}`)
      .set(owner.headers)
      .send(buildItemInput({ availableUntil: '2026-06-05T12:00:00Z' }));
    expect(moved.status).toBe(200);
    expect(moved.body.availableUntil).toBe('2026-06-05T12:00:00.000Z');
    const newJob = expireJobOf(await record(created.body.id));
    expect(await env.ctx.deadlines.getJob(oldJob.id)).toBeUndefined();
    expect((await env.ctx.deadlines.getJob(newJob.id))?.opts.delay).toBe(4 * DAY);

    clock = new Date('2026-06-03T00:00:00Z');
    expect(await runJob(oldJob.id, oldJob.data)).toEqual({ status: 'stale' });
    expect((await record(created.body.id)).expiredAt).toBeNull();

    // An edit that leaves the date out keeps it; null removes it, and its job.
    const kept = await api()
      .put(`/api/items/${created.body.id}`)
      .set(owner.headers)
      .send(buildItemInput({ title: 'Renamed' }));
    expect(kept.body.availableUntil).toBe('2026-06-05T12:00:00.000Z');
    const cleared = await api()
      .put(`/api/items/${created.body.id}`)
      .set(owner.headers)
      .send(buildItemInput({ availableUntil: null }));
    expect(cleared.body.availableUntil).toBeNull();
    expect(await env.ctx.deadlines.getJob(newJob.id)).toBeUndefined();
  });

  it('removes the job when the item is marked swapped or deleted', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const swapped = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const deleted = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const swapJob = expireJobOf(await record(swapped.body.id));
    const deleteJob = expireJobOf(await record(deleted.body.id));
    await api().post(`/api/items/${swapped.body.id}/toggle-swapped`).set(owner.headers).expect(200);
    await api().delete(`/api/items/${deleted.body.id}`).set(owner.headers).expect(204);
    expect(await env.ctx.deadlines.getJob(swapJob.id)).toBeUndefined();
    expect(await env.ctx.deadlines.getJob(deleteJob.id)).toBeUndefined();
    expect(await runJob(deleteJob.id, deleteJob.data)).toEqual({ status: 'gone' });
  });

  it('keeps a reserved item past its deadline; when the exchange ends afterwards, it expires then', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const created = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const itemId = created.body.id as string;
    const exchange = {
      id: new mongoose.Types.ObjectId().toHexString(),
      requesterId: other.id,
      ownerId: owner.id,
      itemId,
      offeredItemIds: [],
      status: 'accepted' as const,
      acceptedAt: clock.toISOString(),
      completedAt: null,
      endedAt: null,
      noShowUserId: null,
      version: 2,
    };
    await applyExchangeEvent(env.ctx, exchange);
    expect((await record(itemId)).reservedFor?.toHexString()).toBe(other.id);

    clock = new Date('2026-06-02T12:00:00Z');
    const job = expireJobOf(await record(itemId));
    expect(await runJob(job.id, job.data)).toEqual({ status: 'reserved' });
    expect((await record(itemId)).expiredAt).toBeNull();

    clock = new Date('2026-06-03T09:00:00Z');
    await applyExchangeEvent(env.ctx, {
      ...exchange,
      status: 'cancelled',
      endedAt: clock.toISOString(),
      version: 3,
    });
    expect(await record(itemId)).toMatchObject({ reservedFor: null, expiredAt: clock });
  });

  it('runs through BullMQ on real Redis: the delayed job expires the item once the clock has passed the deadline', async () => {
    const running = startDeadlineWorker(env.ctx, {
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      logger: env.stores.logger,
    });
    const events = new QueueEvents(DEADLINE_QUEUE, {
      connection: { url: env.stores.redisUrl },
      prefix: env.queuePrefix,
    });
    try {
      await Promise.all([running.worker.waitUntilReady(), events.waitUntilReady()]);
      // The deadline is a minute ahead of the context's clock: that is the job's delay.
      clock = new Date();
      const created = await listItem(owner, {
        availableUntil: new Date(clock.getTime() + ITEM_DEADLINE_LIMITS.minAheadMs).toISOString(),
      });
      const item = await record(created.body.id);
      const job = await env.ctx.deadlines.getJob(expireJobOf(item).id);
      expect(job?.opts.delay).toBe(ITEM_DEADLINE_LIMITS.minAheadMs);
      // The clock reaches the deadline, and the job is brought forward rather than waited for.
      clock = new Date(item.availableUntil!.getTime());
      await job!.promote();
      expect(await job!.waitUntilFinished(events, 10_000)).toEqual({ status: 'expired' });
      expect((await record(created.body.id)).expiredAt).toEqual(clock);
    } finally {
      await events.close();
      await running.close();
    }
  });
});

describe('POST /api/items/:id/relist', () => {
  async function expiredItem() {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const created = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const job = expireJobOf(await record(created.body.id));
    clock = new Date('2026-06-02T12:00:00Z');
    await runJob(job.id, job.data);
    return created.body.id as string;
  }

  it('lists an expired item again with its new deadline, and plans its new expiry', async () => {
    const itemId = await expiredItem();
    const res = await api()
      .post(`/api/items/${itemId}/relist`)
      .set(owner.headers)
      .send({ availableUntil: '2026-06-09' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: itemId,
      expiredAt: null,
      // 23:59 in Lisbon (the item's city), summer time.
      availableUntil: '2026-06-09T22:59:00.000Z',
    });
    expect(await env.ctx.deadlines.getJob(expireJobOf(await record(itemId)).id)).toBeDefined();
    const browse = await api().get('/api/items?sort=leaving-soon&limit=100').set(other.headers);
    expect(browse.body.map((item: Item) => item.id)).toContain(itemId);
  });

  it("reads the new day in the item's stored city (Bangkok: 23:59 there is 16:59 UTC)", async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const created = await listItem(owner, { location: 'Bangkok, Thailand', placeId: '1609350' });
    expect((await record(created.body.id)).placeId).toBe('1609350');
    const res = await api()
      .post(`/api/items/${created.body.id}/relist`)
      .set(owner.headers)
      .send({ availableUntil: '2026-06-09' });
    expect(res.body.availableUntil).toBe('2026-06-09T16:59:00.000Z');
  });

  it('refuses another user (403), a missing item (404), a past date and a missing one (400), and no token (401)', async () => {
    const itemId = await expiredItem();
    const body = { availableUntil: '2026-06-09' };
    const stranger = await api().post(`/api/items/${itemId}/relist`).set(other.headers).send(body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toBe(MSG.accessDenied);
    const missing = await api()
      .post(`/api/items/${new mongoose.Types.ObjectId().toHexString()}/relist`)
      .set(owner.headers)
      .send(body);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MSG.itemNotFound);
    const past = await api()
      .post(`/api/items/${itemId}/relist`)
      .set(owner.headers)
      .send({ availableUntil: '2026-06-01' });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe(MSG.availableUntilPast);
    const empty = await api().post(`/api/items/${itemId}/relist`).set(owner.headers).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.details[0]).toMatchObject({ field: 'availableUntil' });
    const anonymous = await api().post(`/api/items/${itemId}/relist`).send(body);
    expect(anonymous.status).toBe(401);
    expect((await record(itemId)).expiredAt).not.toBeNull();
  });
  it('refuses a restricted owner (403 ACCOUNT_RESTRICTED): relisting puts a listing back before everyone', async () => {
    const itemId = await expiredItem();
    const restriction = {
      id: 'sanction-1',
      type: 'restrict' as const,
      reason: 'Spammy listings',
      endsAt: null,
    };
    await env.stores.userState.set(owner.id, { role: 'user', isApproved: true, sanction: restriction });
    try {
      const res = await api()
        .post(`/api/items/${itemId}/relist`)
        .set(owner.headers)
        .send({ availableUntil: '2026-06-09' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ACCOUNT_RESTRICTED');
      expect((await record(itemId)).expiredAt).not.toBeNull();
    } finally {
      await env.stores.userState.set(owner.id, { role: 'user', isApproved: true, sanction: null });
    }
  });
});

describe('GET /api/items?sort=leaving-soon', () => {
  it('lists the items with a deadline first, soonest first, then the rest newest first, page after page', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    await env.ctx.items.deleteMany({});
    const later = new Date('2026-06-05T12:00:00Z');
    const sooner = new Date('2026-06-02T12:00:00Z');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await buildItem(env, { userId: owner.id, title: 'old, no deadline', createdAt: minutesAgo(30) });
    await buildItem(env, {
      userId: owner.id,
      title: 'later',
      availableUntil: later,
      createdAt: minutesAgo(1),
    });
    await buildItem(env, { userId: owner.id, title: 'new, no deadline', createdAt: minutesAgo(2) });
    await buildItem(env, {
      userId: owner.id,
      title: 'sooner',
      availableUntil: sooner,
      createdAt: minutesAgo(20),
    });
    await buildItem(env, {
      userId: owner.id,
      title: 'later too',
      availableUntil: later,
      createdAt: minutesAgo(3),
    });
    await buildItem(env, {
      userId: owner.id,
      title: 'expired',
      availableUntil: sooner,
      expiredAt: sooner,
      createdAt: minutesAgo(4),
    });

    const all = await api().get('/api/items?sort=leaving-soon').set(other.headers);
    const titles = (all.body as Item[]).map((item) => item.title);
    expect(titles.slice(0, 1)).toEqual(['sooner']);
    expect(titles.slice(1, 3).sort()).toEqual(['later', 'later too']);
    expect(titles.slice(3)).toEqual(['new, no deadline', 'old, no deadline']);

    // Pages of 2: across the two parts, and with equal deadlines split between pages.
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const res = await api()
        .get(`/api/items?sort=leaving-soon&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(other.headers);
      expect(res.status).toBe(200);
      paged.push(...(res.body as Item[]).map((item) => item.title));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      if (!cursor) break;
    }
    expect(paged).toEqual(titles);
    expect(cursor).toBeUndefined();

    const newest = await api().get('/api/items').set(other.headers);
    expect((newest.body as Item[]).map((item) => item.title)).toEqual([
      'later',
      'new, no deadline',
      'later too',
      'sooner',
      'old, no deadline',
    ]);
  });

  it('a page ending exactly at the last dated item continues with the undated ones', async () => {
    await env.ctx.items.deleteMany({});
    await buildItem(env, {
      userId: owner.id,
      title: 'dated',
      availableUntil: new Date('2026-06-02T12:00:00Z'),
    });
    await buildItem(env, { userId: owner.id, title: 'undated' });
    const first = await api().get('/api/items?sort=leaving-soon&limit=1').set(other.headers);
    expect(first.body.map((item: Item) => item.title)).toEqual(['dated']);
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    const second = await api()
      .get(`/api/items?sort=leaving-soon&limit=1&cursor=${cursor}`)
      .set(other.headers);
    expect(second.body.map((item: Item) => item.title)).toEqual(['undated']);
    expect(second.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    // A leaving-soon cursor means nothing to the newest-first order: 400.
    const wrong = await api().get(`/api/items?cursor=${cursor}`).set(other.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Invalid cursor');
  });

  it('refuses an unknown order (400) and shows visitors the deadline on their cards', async () => {
    const bad = await api().get('/api/items?sort=oldest');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ field: 'sort' });
    await env.ctx.items.deleteMany({});
    await buildItem(env, { userId: owner.id, availableUntil: new Date('2026-06-02T12:00:00Z') });
    const cards = await api().get('/api/items?sort=leaving-soon');
    const [card] = cards.body as ItemCard[];
    expect(ItemCardSchema.parse(card)).toEqual(card);
    expect(card!.availableUntil).toBe('2026-06-02T12:00:00.000Z');
  });
});

describe('reminders', () => {
  it('one e-mail per owner and moment, about every item still listed with that deadline, sent once', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const deadline = '2026-06-05T12:00:00Z';
    await listItem(owner, { title: 'Tent', availableUntil: deadline });
    await listItem(owner, { title: 'Stove', availableUntil: deadline, location: 'Lisbon, Portugal' });
    const swapped = await listItem(owner, { title: 'Kettle', availableUntil: deadline });
    await api().post(`/api/items/${swapped.body.id}/toggle-swapped`).set(owner.headers).expect(200);
    await listItem(owner, { title: 'Elsewhere', availableUntil: '2026-06-06T12:00:00Z' });

    const at = Date.parse(deadline);
    const before = ITEM_DEADLINE_LIMITS.remindersBeforeMs[0];
    const id = `item-remind-${owner.id}-${at}-${before}`;
    const planned = await env.ctx.deadlines.getJob(id);
    expect(planned?.data).toEqual({
      kind: 'remind',
      userId: owner.id,
      at: new Date(at).toISOString(),
      beforeMs: before,
    });

    clock = new Date(at - before);
    expect(await runJob(id, planned!.data)).toEqual({ status: 'sent' });
    expect(await runJob(id, planned!.data)).toEqual({ status: 'sent' });
    const mails = await env.ctx.notifications.queue.getJobs(['waiting', 'delayed', 'completed']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(id);
    expect(mails[0]!.data.to).toBe('ana@example.com');
    expect(mails[0]!.data.subject).toBe('2 items still listed in Lisbon');
    expect(mails[0]!.data.text).toContain('- Tent\n- Stove');
    expect(mails[0]!.data.text).toContain('in 48 hours');
    expect(mails[0]!.data.text).toContain('Mark swapped, extend, or give away to someone who asked.');
    expect(mails[0]!.data.text).not.toContain('Kettle');
    // The same reminder as one push, for messaging's push worker (issue 23).
    const pushes = await env.ctx.push.queue.getJobs(['waiting', 'delayed', 'completed']);
    expect(pushes.map((job) => [job.id, job.data])).toEqual([
      [
        `${id}-push`,
        {
          userId: owner.id,
          kind: 'reminders',
          title: '2 items still listed in Lisbon',
          body: 'They leave the listings in 48 hours: mark swapped or extend.',
          url: '/profile',
          tag: `deadline-${at}`,
        },
      ],
    ]);
  });

  it("is written in the owner's language once their profile names one (German here): subject, list and time", async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    // auth announces the language chosen on the profile (a newer user.updated).
    await buildOwner(env, {
      id: other.id,
      fullName: 'Lena Berg',
      email: 'lena@example.com',
      language: 'de',
      version: 2,
    });
    const deadline = '2026-06-05T12:00:00Z';
    await listItem(other, { title: 'Zelt', availableUntil: deadline, location: 'Lisbon, Portugal' });
    await listItem(other, { title: 'Kocher', availableUntil: deadline, location: 'Porto, Portugal' });
    const at = Date.parse(deadline);
    const before = ITEM_DEADLINE_LIMITS.remindersBeforeMs[0];
    const id = `item-remind-${other.id}-${at}-${before}`;
    const planned = await env.ctx.deadlines.getJob(id);
    clock = new Date(at - before);
    expect(await runJob(id, planned!.data)).toEqual({ status: 'sent' });
    const [mail] = await env.ctx.notifications.queue.getJobs(['waiting', 'delayed', 'completed']);
    expect(mail!.data.to).toBe('lena@example.com');
    expect(mail!.data.subject).toBe('2 Angebote in Lisbon und Porto sind noch online');
    expect(mail!.data.text).toContain(
      'Hallo Lena Berg,\n\n2 deiner Angebote in Lisbon und Porto sind noch online und verschwinden in 48 Stunden aus den Anzeigen:\n\n- Zelt\n- Kocher',
    );
    expect(mail!.data.text).not.toMatch(/still listed|Mark swapped/);
  });

  it("leaves the e-mail out, not the push, once the owner turned reminder e-mails off in messaging's settings; a late older event changes nothing", async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    const mailer = await env.signIn();
    await buildOwner(env, { id: mailer.id, email: 'mo@example.com' });
    const settings = (version: number, emailReminders: boolean) =>
      publishSettings(mailer.id, version, { ...DEFAULT_MESSAGING_SETTINGS, emailReminders });
    const deadline = '2026-06-05T12:00:00Z';
    await listItem(mailer, { title: 'Hammock', availableUntil: deadline });
    const at = Date.parse(deadline);
    const [first, second] = ITEM_DEADLINE_LIMITS.remindersBeforeMs.map(
      (beforeMs) => `item-remind-${mailer.id}-${at}-${beforeMs}`,
    );
    const run = async (id: string) => {
      const planned = (await env.ctx.deadlines.getJob(id))!;
      clock = new Date(at - Number(id.split('-').at(-1)));
      return runJob(id, planned.data);
    };

    await settings(2, false);
    await settings(1, true); // late: version 1 arrives after version 2
    expect(await run(first!)).toEqual({ status: 'email-off' });
    expect(await env.ctx.notifications.queue.count()).toBe(0);
    const pushes = await env.ctx.push.queue.getJobs(['waiting', 'delayed', 'completed']);
    expect(pushes.map((job) => [job.id, job.data.kind])).toEqual([[`${first}-push`, 'reminders']]);

    await settings(3, true);
    expect(await run(second!)).toEqual({ status: 'sent' });
    const mails = await env.ctx.notifications.queue.getJobs(['waiting', 'delayed', 'completed']);
    expect(mails.map((job) => [job.id, job.data.to])).toEqual([[second, 'mo@example.com']]);
  });

  it('a switch announced before the owner is known is kept once they are, and a deleted owner stays deleted', async () => {
    const early = new mongoose.Types.ObjectId().toHexString();
    await publishSettings(early, 1, { ...DEFAULT_MESSAGING_SETTINGS, emailReminders: false });
    await buildOwner(env, { id: early, email: 'early@example.com' });
    expect(await env.ctx.owners.findById(oid(early)).lean()).toMatchObject({
      email: 'early@example.com',
      emailReminders: false,
      version: 1,
    });
    await deleteUserData(env.ctx, { userId: early });
    await publishSettings(early, 2, DEFAULT_MESSAGING_SETTINGS);
    expect(await env.ctx.owners.findById(oid(early)).lean()).toMatchObject({
      deleted: true,
      emailReminders: false,
    });
  });

  it('sends nothing when no item of the owner keeps that deadline, and plans no reminder whose moment has passed', async () => {
    clock = new Date('2026-06-01T12:00:00.000Z');
    await env.ctx.items.deleteMany({});
    const created = await listItem(owner, { availableUntil: '2026-06-02T12:00:00Z' });
    const at = Date.parse('2026-06-02T12:00:00Z');
    // 24 h ahead: the 48 h reminder's moment has passed, the 6 h one has not.
    expect(await env.ctx.deadlines.getJob(`item-remind-${owner.id}-${at}-${48 * HOUR}`)).toBeUndefined();
    const sixHours = await env.ctx.deadlines.getJob(`item-remind-${owner.id}-${at}-${6 * HOUR}`);
    expect(sixHours).toBeDefined();
    await api()
      .put(`/api/items/${created.body.id}`)
      .set(owner.headers)
      .send(buildItemInput({ availableUntil: '2026-06-04T12:00:00Z' }));
    clock = new Date(at - 6 * HOUR);
    expect(await runJob(sixHours!.id!, sixHours!.data)).toEqual({ status: 'nothing-listed' });
    expect(await env.ctx.notifications.queue.count()).toBe(0);
    expect(await env.ctx.push.queue.count()).toBe(0);
  });
});
