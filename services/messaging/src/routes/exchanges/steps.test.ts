import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import { exchangeCalls } from '../../../test/support/exchange-calls';
import { applyItemDeleted, applyItemSnapshot } from '../../domain/apply-item-events';

/*
 * What each step of an exchange writes and whom it tells, found by mutation testing (issue 21): the item's other
 * requesters (live, and declined once the item is swapped), a meetup proposed again unchanged, the meetup's
 * time limits at their exact values, an accept of an item that went meanwhile.
 */
const DAY = 24 * 3_600_000;

let env: MessagingTestEnv;
let clock: Date;
/** Every `exchange:item-reserved` the use-cases emitted: to whom, and what. */
let reservedEmits: { to: string[]; payload: unknown }[];
beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: 1_000 });
  env.ctx.now = () => clock;
  const emit = env.ctx.live.emit.bind(env.ctx.live);
  env.ctx.live.emit = ((userIds: string[], event: string, ...args: unknown[]) => {
    if (event === 'exchange:item-reserved') reservedEmits.push({ to: [...userIds].sort(), payload: args[0] });
    return (emit as (...all: unknown[]) => unknown)(userIds, event, ...args);
  }) as typeof env.ctx.live.emit;
});
beforeEach(() => {
  clock = new Date('2027-05-01T10:00:00.000Z');
  reservedEmits = [];
});
afterAll(() => env.close());

const api = () => request(env.app);
const { ask, act, meetup } = exchangeCalls(() => env.app);
const view = async (who: TestUser, id: string) =>
  (await api().get(`/api/exchanges/${id}`).set(who.headers).expect(200)).body as ExchangeView;
const endedEvents = async (id: string) =>
  (await env.events()).filter(
    (event) => event.type === 'exchange.ended' && (event.data as { id: string }).id === id,
  );

async function threeRequests() {
  const [owner, a, b, c] = await Promise.all([env.user(), env.user(), env.user(), env.user()]);
  const itemId = await env.item({ ownerId: owner.id, title: 'Rice cooker' });
  const [ea, eb, ec] = await Promise.all(
    [a, b, c].map(async (who) => ((await ask(who, { itemId }).expect(201)).body as ExchangeView).id),
  );
  return { owner, a, b, c, itemId, ea: ea!, eb: eb!, ec: ec! };
}

describe("the item's other requesters", () => {
  it('hear live that it is reserved, then free again, and nothing for a step that neither reserves nor frees', async () => {
    const { owner, a, b, c, itemId, ea } = await threeRequests();
    await act(owner, ea, 'accept').expect(200);
    expect(reservedEmits).toEqual([{ to: [b.id, c.id].sort(), payload: { itemId, reserved: true } }]);

    reservedEmits = [];
    await meetup(owner, ea, { at: new Date(clock.getTime() + DAY).toISOString(), place: 'Market' }).expect(
      200,
    );
    await act(a, ea, 'meetup/accept').expect(200);
    expect(reservedEmits).toEqual([]);

    await act(a, ea, 'cancel', { reason: 'plans changed' }).expect(200);
    expect(reservedEmits).toEqual([{ to: [b.id, c.id].sort(), payload: { itemId, reserved: false } }]);
  });

  it('a lone request accepted tells nobody else', async () => {
    const [owner, a] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const { id } = (await ask(a, { itemId }).expect(201)).body as ExchangeView;
    await act(owner, id, 'accept').expect(200);
    expect(reservedEmits).toEqual([]);
  });

  it('are declined by the system once the item is swapped (item_unavailable); ended ones stay as they were', async () => {
    const { owner, a, b, c, ea, eb, ec } = await threeRequests();
    await act(a, ea, 'withdraw').expect(200);
    await act(owner, eb, 'accept').expect(200);
    await act(b, eb, 'confirm').expect(200);
    const done = await act(owner, eb, 'confirm').expect(200);
    expect((done.body as { exchange: ExchangeView }).exchange.status).toBe('completed');

    expect(await view(c, ec)).toMatchObject({
      status: 'declined',
      endReason: 'item_unavailable',
      endedBy: null,
      endedAt: clock.toISOString(),
    });
    expect((await endedEvents(ec)).map((event) => (event.data as { status: string }).status)).toEqual([
      'declined',
    ]);
    expect(await view(a, ea)).toMatchObject({ status: 'withdrawn', endReason: null, endedBy: a.id });
    // Swapped, not released: no "free again" for anyone.
    expect(
      reservedEmits.filter((emitted) => (emitted.payload as { reserved: boolean }).reserved === false),
    ).toEqual([]);
  });
});

describe('the meetup', () => {
  it('proposed again exactly as it stands is a retry; any difference (time, place, note) is a new proposal', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const { id } = (await ask(requester, { itemId }).expect(201)).body as ExchangeView;
    await act(owner, id, 'accept').expect(200);
    const at = new Date(clock.getTime() + DAY).toISOString();
    const first = await meetup(owner, id, { at, place: 'Market', note: 'by the fountain' }).expect(200);
    expect(first.body.exchange.meetup).toMatchObject({ at, place: 'Market', note: 'by the fountain' });
    const version = async () =>
      ((await env.ctx.exchanges.findById(id).lean()) as { version: number }).version;
    const before = await version();

    await meetup(owner, id, { at, place: 'Market', note: 'by the fountain' }).expect(200);
    expect(await version()).toBe(before);
    // The other party proposing the same is theirs, not a retry.
    await meetup(requester, id, { at, place: 'Market', note: 'by the fountain' }).expect(200);
    expect(await version()).toBe(before + 1);
    await meetup(requester, id, { at, place: 'Market', note: 'by the bench' }).expect(200);
    expect(await version()).toBe(before + 2);
    await meetup(requester, id, { at, place: 'Station', note: 'by the bench' }).expect(200);
    expect(await version()).toBe(before + 3);
    const later = new Date(clock.getTime() + 2 * DAY).toISOString();
    await meetup(requester, id, { at: later, place: 'Station', note: 'by the bench' }).expect(200);
    expect(await version()).toBe(before + 4);
    // An empty note is no note.
    const noNote = await meetup(requester, id, { at: later, place: 'Station', note: '' }).expect(200);
    expect(noNote.body.exchange.meetup.note).toBeNull();
    expect(await version()).toBe(before + 5);
  });

  it('its time: after now and at most the limit ahead, each refused with its reason on the `at` field', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const { id } = (await ask(requester, { itemId }).expect(201)).body as ExchangeView;
    await act(owner, id, 'accept').expect(200);
    const at = (ms: number) => ({ at: new Date(clock.getTime() + ms).toISOString(), place: 'Market' });

    const now = await meetup(owner, id, at(0));
    expect(now.status).toBe(400);
    expect(now.body).toEqual({
      error: MSG.meetupTimePast,
      code: 'INVALID_MEETUP',
      details: [{ field: 'at', message: MSG.meetupTimePast }],
    });
    const tooFar = await meetup(owner, id, at(EXCHANGE_LIMITS.meetupMaxAheadMs + 1));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toEqual({
      error: MSG.meetupTimeTooFar,
      code: 'INVALID_MEETUP',
      details: [{ field: 'at', message: MSG.meetupTimeTooFar }],
    });
    await meetup(owner, id, at(EXCHANGE_LIMITS.meetupMaxAheadMs)).expect(200);
    await meetup(owner, id, at(1_000)).expect(200);
  });
});

describe('accepting', () => {
  it('an item swapped or deleted meanwhile cannot be reserved: 409 ITEM_UNAVAILABLE, the request stays open', async () => {
    for (const goes of ['swapped', 'deleted'] as const) {
      const [owner, requester] = await Promise.all([env.user(), env.user()]);
      const itemId = await env.item({ ownerId: owner.id });
      const { id } = (await ask(requester, { itemId }).expect(201)).body as ExchangeView;
      if (goes === 'swapped') {
        await applyItemSnapshot(env.ctx, {
          id: itemId,
          userId: owner.id,
          title: 'x',
          image: null,
          isSwapped: true,
          version: 50,
        });
      } else {
        await applyItemDeleted(env.ctx, { itemId, userId: owner.id });
      }
      const refused = await act(owner, id, 'accept');
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: MSG.exchangeItemUnavailable, code: 'ITEM_UNAVAILABLE' });
      expect((await view(owner, id)).status).toBe('proposed');
    }
  });
});
