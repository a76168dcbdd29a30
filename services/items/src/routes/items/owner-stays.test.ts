import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import { ItemCardSchema, ItemSchema } from '@nomadswap/contracts/responses';
import type { Stay } from '@nomadswap/contracts/stays';
import type { TestSession } from '@nomadswap/service-kit/testing';
import type { OwnerRecord } from '../../data/owner';
import { applyUserSnapshot, deleteUserData } from '../../domain/apply-user-events';
import { BANGKOK, buildItem, buildItemInput, buildOwner } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

const LISBON = '2267057';

let env: ItemsTestEnv;
let viewer: TestSession;
/** The context's clock, set by each test. */
let clock = new Date();

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  env.ctx.now = () => clock;
  viewer = await env.signIn();
  await buildOwner(env, { id: viewer.id });
});
afterAll(() => env.close());

/** A stay in Bangkok until `untilDate` (23:59 there, UTC+7). */
function bangkokStay(untilDate: string): Stay {
  const [y, m, d] = untilDate.split('-').map(Number);
  return {
    location: 'Bangkok, Thailand',
    placeId: BANGKOK,
    timezone: 'Asia/Bangkok',
    untilDate,
    until: new Date(Date.UTC(y!, m! - 1, d!, 16, 59)).toISOString(),
    next: null,
  };
}

const ownerStay = async (id: string) => (await env.ctx.owners.findById(id).lean<OwnerRecord>())?.stay ?? null;

async function ownerWith(stay: Stay | null, overrides: Partial<UserEventData> = {}) {
  const session = await env.signIn();
  const user = await buildOwner(env, { id: session.id, stay, ...overrides });
  return { session, user };
}

describe('the owner’s stay carried to items by user events (issue 22)', () => {
  it('shows the stay’s end beside the owner of an item in the stay city only, to approved viewers, never on visitors’ cards', async () => {
    const { session } = await ownerWith(bangkokStay('2026-12-03'));
    const here = await buildItem(env, { userId: session.id });
    const elsewhere = await buildItem(env, {
      userId: session.id,
      location: 'Lisbon, Portugal',
      placeId: LISBON,
    });

    const detail = await request(env.app).get(`/api/items/${here._id.toHexString()}`).set(viewer.headers);
    expect(ItemSchema.parse(detail.body).user?.leavingAt).toBe('2026-12-03T16:59:00.000Z');
    const other = await request(env.app).get(`/api/items/${elsewhere._id.toHexString()}`).set(viewer.headers);
    expect(other.body.user).not.toHaveProperty('leavingAt');

    const browse = await request(env.app).get('/api/items').query({ userId: session.id }).set(viewer.headers);
    const listed = (browse.body as { id: string; user: { leavingAt: string | null } }[]).find(
      (item) => item.id === here._id.toHexString(),
    );
    expect(listed?.user.leavingAt).toBe('2026-12-03T16:59:00.000Z');

    const visitor = await request(env.app).get('/api/items').query({ placeId: BANGKOK });
    const card = (visitor.body as { id: string }[]).find((item) => item.id === here._id.toHexString());
    expect(card).toBeDefined();
    expect(ItemCardSchema.parse(card).user).not.toHaveProperty('leavingAt');
  });

  it('keeps the newest stay whatever order the events arrive in; an event without the field keeps it, a tombstone clears it', async () => {
    const id = new mongoose.Types.ObjectId().toHexString();
    const base = (await buildOwner(env, { id, version: 1 })) as UserEventData;
    await applyUserSnapshot(env.ctx, { ...base, version: 3, stay: bangkokStay('2026-12-10') });
    // A late event (version 2) with an older stay changes nothing.
    await applyUserSnapshot(env.ctx, { ...base, version: 2, stay: bangkokStay('2026-12-01') });
    expect(await ownerStay(id)).toEqual({ placeId: BANGKOK, until: new Date('2026-12-10T16:59:00.000Z') });
    // An older publisher's event leaves the field out: the stay known stays.
    const { stay: _left, ...withoutStay } = { ...base, version: 4 };
    await applyUserSnapshot(env.ctx, withoutStay);
    expect(await ownerStay(id)).toMatchObject({ placeId: BANGKOK });
    await applyUserSnapshot(env.ctx, { ...base, version: 5, stay: null });
    expect(await ownerStay(id)).toBeNull();
    await applyUserSnapshot(env.ctx, { ...base, version: 6, stay: bangkokStay('2026-12-12') });
    await deleteUserData(env.ctx, { userId: id });
    await applyUserSnapshot(env.ctx, { ...base, version: 7, stay: bangkokStay('2026-12-12') });
    expect(await ownerStay(id)).toBeNull();
  });
});

describe('a new item’s deadline defaults to its owner’s departure (issue 22)', () => {
  const list = (session: TestSession, body: Record<string, unknown>) =>
    request(env.app)
      .post('/api/items')
      .set(session.headers)
      .send(buildItemInput(body as never));

  it('takes the stay’s end (23:59 of its last day in Bangkok) for an item in the stay city listed without a date', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const { session } = await ownerWith(bangkokStay('2026-12-03'));
    const res = await list(session, { location: 'Bangkok' });
    expect(res.status).toBe(201);
    expect(res.body.availableUntil).toBe('2026-12-03T16:59:00.000Z');
    // A date given wins; a cleared date (null) means none; another city gets none.
    expect(
      (await list(session, { location: 'Bangkok', availableUntil: '2026-11-28' })).body.availableUntil,
    ).toBe('2026-11-28T16:59:00.000Z');
    expect(
      (await list(session, { location: 'Bangkok', availableUntil: null })).body.availableUntil,
    ).toBeNull();
    expect((await list(session, { location: 'Lisbon', placeId: LISBON })).body.availableUntil).toBeNull();
  });

  it('gives no default when the stay ends less than a minute ahead (it ends exactly a minute ahead: taken)', async () => {
    const { session } = await ownerWith(bangkokStay('2026-12-03'));
    clock = new Date(Date.parse('2026-12-03T16:59:00.000Z') - 60_000);
    expect((await list(session, { location: 'Bangkok' })).body.availableUntil).toBe(
      '2026-12-03T16:59:00.000Z',
    );
    clock = new Date(Date.parse('2026-12-03T16:59:00.000Z') - 59_999);
    const late = await list(session, { location: 'Bangkok' });
    expect(late.status).toBe(201);
    expect(late.body.availableUntil).toBeNull();
  });

  it('gives no default to an owner without a stay', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const { session } = await ownerWith(null);
    expect((await list(session, { location: 'Bangkok' })).body.availableUntil).toBeNull();
  });
});

describe('travelling mode pauses an owner’s listings (issue 22)', () => {
  it('hides a paused owner’s items from others’ browse, search, stats and detail, keeps them for the owner, and brings them back', async () => {
    clock = new Date();
    const { session, user } = await ownerWith(null);
    const title = `Paused hammock ${session.id}`;
    const item = await buildItem(env, {
      userId: session.id,
      title,
      availableUntil: new Date(Date.now() + 86_400_000),
    });
    const itemId = item._id.toHexString();
    const seenBy = async () => {
      const browse = await request(env.app).get('/api/items').query({ q: title }).set(viewer.headers);
      const detail = await request(env.app).get(`/api/items/${itemId}`).set(viewer.headers);
      const stats = await request(env.app).get('/api/items/stats');
      return {
        browse: (browse.body as { id: string }[]).map((listed) => listed.id),
        detail: detail.status,
        stats:
          (stats.body as { locationCounts: Record<string, number> }).locationCounts['Bangkok, Thailand'] ?? 0,
      };
    };
    const before = await seenBy();
    expect(before).toMatchObject({ browse: [itemId], detail: 200 });

    await applyUserSnapshot(env.ctx, { ...user, version: 2, inTransit: true });
    const paused = await seenBy();
    expect(paused).toEqual({ browse: [], detail: 404, stats: before.stats - 1 });
    // Not expired: the deadline keeps running; the owner still has it.
    expect(await env.ctx.items.findById(item._id).lean()).toMatchObject({
      ownerPaused: true,
      expiredAt: null,
    });
    const own = await request(env.app).get('/api/items').query({ userId: session.id }).set(session.headers);
    expect((own.body as { id: string }[]).map((listed) => listed.id)).toContain(itemId);
    expect((await request(env.app).get(`/api/items/${itemId}`).set(session.headers)).status).toBe(200);
    // An item listed while in transit is paused from the start.
    const listed = await request(env.app)
      .post('/api/items')
      .set(session.headers)
      .send(buildItemInput({ title: `${title} two`, location: 'Bangkok' } as never));
    expect(listed.status).toBe(201);
    expect(
      (
        await request(env.app)
          .get(`/api/items/${listed.body.id as string}`)
          .set(viewer.headers)
      ).status,
    ).toBe(404);

    // Back: both are listed again, the one listed in transit too.
    await applyUserSnapshot(env.ctx, { ...user, version: 3, inTransit: false });
    const back = await seenBy();
    expect(back.browse.sort()).toEqual([itemId, listed.body.id as string].sort());
    expect(back).toMatchObject({ detail: 200, stats: before.stats + 1 });
  });

  it('a late event cannot pause or unpause: the newest version wins', async () => {
    const { session, user } = await ownerWith(null);
    const item = await buildItem(env, { userId: session.id });
    await applyUserSnapshot(env.ctx, { ...user, version: 3, inTransit: false });
    await applyUserSnapshot(env.ctx, { ...user, version: 2, inTransit: true });
    expect((await env.ctx.items.findById(item._id).lean())?.ownerPaused).toBe(false);
    await applyUserSnapshot(env.ctx, { ...user, version: 5, inTransit: true });
    await applyUserSnapshot(env.ctx, { ...user, version: 4, inTransit: false });
    expect((await env.ctx.items.findById(item._id).lean())?.ownerPaused).toBe(true);
    // An older publisher's event (no field) changes nothing either.
    const { inTransit: _left, ...older } = { ...user, version: 6 };
    await applyUserSnapshot(env.ctx, older);
    expect((await env.ctx.items.findById(item._id).lean())?.ownerPaused).toBe(true);
  });
});
