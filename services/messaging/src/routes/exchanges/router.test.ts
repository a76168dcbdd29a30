import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { newId } from '@nomadswap/service-kit/testing';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import { exchangeCalls } from '../../../test/support/exchange-calls';
import { runExchangeTimer } from '../../jobs/exchange-timers';
import { applyItemSnapshot } from '../../domain/apply-item-events';
import { oid } from '../../data/ids';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let env: MessagingTestEnv;
let pending: TestUser;
let clock: Date;
beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: 1_000 });
  env.ctx.now = () => clock;
  pending = await env.user({ isApproved: false });
});
beforeEach(() => {
  clock = new Date('2027-03-01T10:00:00.000Z');
});
afterAll(() => env.close());

const api = () => request(env.app);
const send = (from: TestUser, to: TestUser, content = 'deal?') =>
  api().post('/api/messages').set(from.headers).send({ receiverId: to.id, content }).expect(201);
const { ask, act, meetup } = exchangeCalls(() => env.app);
const complete = (from: TestUser, body: Record<string, unknown>) =>
  api().post('/api/exchanges/complete').set(from.headers).send(body);
const eventsFor = async (exchangeId: string) =>
  (await env.events()).filter(
    (event) => event.type.startsWith('exchange.') && (event.data as { id: string }).id === exchangeId,
  );
const timerJob = (id: string) => env.ctx.timers.getJob(id);
const mailJob = (id: string) => env.ctx.notifications.queue.getJob(id);

/** An owner with an item, a requester with an accepted request for it. */
async function acceptedSwap() {
  const [owner, requester] = await Promise.all([env.user(), env.user()]);
  const itemId = await env.item({ ownerId: owner.id, title: 'Hiking boots' });
  const asked = await ask(requester, { itemId, message: 'Could I have them?' }).expect(201);
  const id = (asked.body as ExchangeView).id;
  await act(owner, id, 'accept').expect(200);
  return { owner, requester, itemId, id };
}

describe('POST /api/exchanges (request an item)', () => {
  it('creates a proposal with offered items, posts it in the conversation and schedules its expiry in 14 days', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id, title: 'Tent' });
    const offered = await Promise.all([1, 2, 3].map(() => env.item({ ownerId: requester.id })));
    const res = await ask(requester, { itemId, message: 'Swap for my stove?', offeredItemIds: offered });
    expect(res.status).toBe(201);
    const exchange = res.body as ExchangeView;
    expect(exchange).toMatchObject({
      requesterId: requester.id,
      ownerId: owner.id,
      itemId,
      offeredItemIds: offered,
      offeredItemId: offered[0],
      status: 'proposed',
      confirmedBy: [],
      meetup: null,
      item: { id: itemId, title: 'Tent' },
      itemReserved: false,
      message: 'Swap for my stove?',
    });
    expect(exchange.offeredItems.map((item) => item.id)).toEqual(offered);
    const chat = await api().get(`/api/messages?with=${owner.id}`).set(requester.headers).expect(200);
    expect(chat.body).toHaveLength(1);
    expect(chat.body[0]).toMatchObject({ exchangeId: exchange.id, content: 'Swap for my stove?', itemId });
    const conversations = await api().get('/api/conversations').set(owner.headers).expect(200);
    expect(JSON.stringify(conversations.body)).toContain(requester.id);
    expect((await eventsFor(exchange.id)).map((event) => event.type)).toEqual(['exchange.requested']);
    const expiry = await timerJob(`exchange-expire-${exchange.id}`);
    expect(expiry?.opts.delay).toBe(EXCHANGE_LIMITS.proposalExpiresMs);

    const again = await ask(requester, { itemId, message: 'retry' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(exchange.id);
    // The repeat answered the open request: nothing more was posted in the conversation.
    expect((await api().get(`/api/messages?with=${owner.id}`).set(requester.headers)).body).toHaveLength(1);
  });

  it('three requests for one item at once: one exchange, one message in the conversation, one event', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id, title: 'Kettle' });
    const answers = await Promise.all(
      [1, 2, 3].map((n) => ask(requester, { itemId, message: `please ${n}` })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((res) => (res.body as ExchangeView).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const chat = await api().get(`/api/messages?with=${owner.id}`).set(requester.headers).expect(200);
    // No message of a request that lost the race (it would show as a plain message, with no swap card).
    expect(chat.body).toHaveLength(1);
    expect(chat.body[0]).toMatchObject({ exchangeId: id });
    expect((await eventsFor(id!)).map((event) => event.type)).toEqual(['exchange.requested']);
  });

  it('a request that finds another in flight waits for it, and answers 409 when that one never lets go', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id, title: 'Lamp' });
    const claim = `${env.ctx.keyPrefix}exchange-request:${requester.id}:${itemId}`;
    const wait = env.ctx.exchangeRequestWaitMs;
    env.ctx.exchangeRequestWaitMs = 150;
    try {
      // Another replica's request holds the claim and does not finish: nothing is posted, 409 with the reason.
      await env.ctx.redis.set(claim, 'another-request', 'PX', 10_000);
      const refused = await ask(requester, { itemId, message: 'now?' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'REQUEST_IN_PROGRESS',
        error: MSG.exchangeRequestInProgress,
      });
      expect((await api().get(`/api/messages?with=${owner.id}`).set(requester.headers)).body).toHaveLength(0);
      expect(await env.ctx.redis.get(claim)).toBe('another-request');

      // It lets go while this one waits: this one posts the request.
      env.ctx.exchangeRequestWaitMs = 5_000;
      const released = new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        env.ctx.redis.del(claim),
      );
      const asked = await ask(requester, { itemId, message: 'now?' });
      await released;
      expect(asked.status).toBe(201);
      expect((await api().get(`/api/messages?with=${owner.id}`).set(requester.headers)).body).toHaveLength(1);
      // Its own claim is gone once it answered: a new request after a decline does not wait.
      expect(await env.ctx.redis.get(claim)).toBeNull();
      await act(owner, (asked.body as ExchangeView).id, 'decline').expect(200);
      env.ctx.exchangeRequestWaitMs = 0;
      expect((await ask(requester, { itemId, message: 'again?' })).status).toBe(201);
    } finally {
      env.ctx.exchangeRequestWaitMs = wait;
    }
  });

  it('offers at most 3 items, each once, each the requester’s own and available', async () => {
    const [owner, requester, other] = await Promise.all([env.user(), env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const mine = await Promise.all([1, 2, 3, 4].map(() => env.item({ ownerId: requester.id })));
    const four = await ask(requester, { itemId, offeredItemIds: mine });
    expect(four.status).toBe(400);
    expect(four.body.error).toBe('You can offer up to 3 items');
    const twice = await ask(requester, { itemId, offeredItemIds: [mine[0], mine[0]] });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('Each offered item can be offered once');
    const foreign = await ask(requester, { itemId, offeredItemIds: [await env.item({ ownerId: other.id })] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      error: 'You can only offer your own available items',
      code: 'OFFERED_NOT_YOURS',
      details: [{ field: 'offeredItemIds', message: 'You can only offer your own available items' }],
    });
    const swapped = mine[3]!;
    await applyItemSnapshot(env.ctx, {
      id: swapped,
      userId: requester.id,
      title: 'x',
      image: null,
      isSwapped: true,
      version: 5,
    });
    expect((await ask(requester, { itemId, offeredItemIds: [swapped] })).body.code).toBe('OFFERED_NOT_YOURS');
    const tooLong = await ask(requester, { itemId, message: 'x'.repeat(EXCHANGE_LIMITS.messageMax + 1) });
    expect(tooLong.status).toBe(400);
    expect((await ask(requester, { itemId, message: 'x'.repeat(EXCHANGE_LIMITS.messageMax) })).status).toBe(
      201,
    );
    // One of the requester's several items offered, without a message: the request has none, the chat's card
    // says the item's title.
    const another = await env.item({ ownerId: owner.id, title: 'Stove' });
    const single = await ask(requester, { itemId: another, offeredItemIds: [mine[1]] });
    expect(single.status).toBe(201);
    expect(single.body).toMatchObject({ offeredItemIds: [mine[1]], message: null });
    const chat = (await api().get(`/api/messages?with=${owner.id}`).set(requester.headers)).body as {
      content: string;
      exchangeId: string | null;
    }[];
    expect(chat.find((entry) => entry.exchangeId === single.body.id)?.content).toBe('Stove');
  });

  it('refuses one’s own item (400), unknown (404) and swapped items (409), unapproved owners and blocks (403)', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const own = await ask(owner, { itemId });
    expect(own.status).toBe(400);
    expect(own.body).toEqual({
      error: 'You cannot request your own item',
      code: 'EXCHANGE_OWN_ITEM',
      details: [{ field: 'itemId', message: 'You cannot request your own item' }],
    });
    const unknown = await ask(requester, { itemId: newId() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Item not found', code: 'ITEM_NOT_FOUND' });
    const ownerless = await ask(requester, { itemId: await env.item({ ownerId: newId() }) });
    expect(ownerless.status).toBe(404);
    expect(ownerless.body).toEqual({ error: 'User Not Found', code: 'USER_NOT_FOUND' });
    const pendingItem = await env.item({ ownerId: pending.id });
    expect((await ask(requester, { itemId: pendingItem })).body.code).toBe('USER_NOT_APPROVED');
    const gone = await env.item({ ownerId: owner.id });
    await applyItemSnapshot(env.ctx, {
      id: gone,
      userId: owner.id,
      title: 'x',
      image: null,
      isSwapped: true,
      version: 9,
    });
    const swapped = await ask(requester, { itemId: gone });
    expect(swapped.status).toBe(409);
    expect(swapped.body).toEqual({ error: 'This item is no longer available', code: 'ITEM_UNAVAILABLE' });
    await api().post(`/api/blocks/${requester.id}`).set(owner.headers).expect(201);
    const blocked = await ask(requester, { itemId });
    expect(blocked.status).toBe(403);
    // The swap's own refusal, before anything is posted in the conversation.
    expect(blocked.body).toEqual({ error: 'You cannot swap with this user', code: 'BLOCKED' });
    expect((await api().post('/api/exchanges').send({ itemId })).status).toBe(401);
    expect((await ask(pending, { itemId })).status).toBe(403);
    expect((await ask(requester, { itemId: 'nope' })).status).toBe(400);
    expect((await ask(requester, { itemId, role: 'admin' })).status).toBe(400);
  });
});

describe('accepting reserves the item for one requester', () => {
  it('reserves on accept, tells other requesters, and of two accepts for one item exactly one wins', async () => {
    const [owner, first, second] = await Promise.all([env.user(), env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const a = (await ask(first, { itemId }).expect(201)).body as ExchangeView;
    const b = (await ask(second, { itemId }).expect(201)).body as ExchangeView;
    const [one, two] = await Promise.all([act(owner, a.id, 'accept'), act(owner, b.id, 'accept')]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body.code).toBe('ITEM_RESERVED');
    const winner = (one.status === 200 ? one : two).body.exchange as ExchangeView;
    expect(winner).toMatchObject({ status: 'accepted', itemReserved: true });
    expect(winner.acceptedAt).toBe(clock.toISOString());
    const otherId = winner.id === a.id ? b.id : a.id;
    const other = await api().get(`/api/exchanges/${otherId}`).set(owner.headers).expect(200);
    expect(other.body).toMatchObject({ status: 'proposed', itemReserved: true });
    const accepted = (await eventsFor(winner.id)).filter((event) => event.type === 'exchange.accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.data).toMatchObject({ itemId, status: 'accepted', requesterId: winner.requesterId });
    expect(await timerJob(`exchange-expire-${winner.id}`)).toBeUndefined();
    // Accepting again is a retry: the same state, nothing published.
    expect((await act(owner, winner.id, 'accept')).status).toBe(200);
    expect((await eventsFor(winner.id)).filter((event) => event.type === 'exchange.accepted')).toHaveLength(
      1,
    );
  });

  it('cancelling releases the item (exchange.ended), and the waiting request can then be accepted', async () => {
    const { owner, requester, itemId, id } = await acceptedSwap();
    const waiting = await env.user();
    const next = (await ask(waiting, { itemId }).expect(201)).body as ExchangeView;
    expect((await act(owner, next.id, 'accept')).status).toBe(409);
    const noReason = await act(requester, id, 'cancel', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Please say why you are cancelling');
    const reason = 'x'.repeat(EXCHANGE_LIMITS.reasonMax);
    expect((await act(requester, id, 'cancel', { reason: `${reason}x` })).status).toBe(400);
    const cancelled = await act(requester, id, 'cancel', { reason });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.exchange).toMatchObject({
      status: 'cancelled',
      endReason: reason,
      endedBy: requester.id,
      itemReserved: false,
    });
    const ended = (await eventsFor(id)).find((event) => event.type === 'exchange.ended');
    expect(ended?.data).toMatchObject({ status: 'cancelled', acceptedAt: clock.toISOString() });
    expect((await act(owner, next.id, 'accept')).status).toBe(200);
  });

  it('cancel is only for accepted swaps; decline only for the owner, withdraw only for the requester', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const { id } = (await ask(requester, { itemId }).expect(201)).body as ExchangeView;
    const early = await act(requester, id, 'cancel', { reason: 'plans changed' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('The owner has not accepted this swap yet');
    const decline = await act(requester, id, 'decline');
    expect(decline.status).toBe(403);
    expect(decline.body.code).toBe('EXCHANGE_OWNER_ONLY');
    const withdraw = await act(owner, id, 'withdraw');
    expect(withdraw.status).toBe(403);
    expect(withdraw.body.code).toBe('EXCHANGE_REQUESTER_ONLY');
    expect((await act(requester, id, 'withdraw')).body.exchange.status).toBe('withdrawn');
    expect((await act(requester, id, 'withdraw')).status).toBe(200);
    const ended = await act(owner, id, 'accept');
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe('This swap has already ended');
  });
});

describe('the meetup', () => {
  it('as a calendar file: none before a meetup (404 NO_MEETUP), then the whole event, tentative until agreed, naming the other person', async () => {
    const { owner, requester, id } = await acceptedSwap();
    const ics = (who: TestUser) => api().get(`/api/exchanges/${id}/meetup.ics`).set(who.headers);
    const none = await ics(requester);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NO_MEETUP');
    const proposedAt = clock;
    const at = new Date(clock.getTime() + 2 * DAY);
    await meetup(owner, id, {
      at: at.toISOString(),
      place: 'Rossio; by the clock',
      note: 'blue jacket',
    }).expect(200);
    clock = new Date(clock.getTime() + HOUR);
    const event = (status: string, other: TestUser) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//NomadSwap//Swap meetup//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        `UID:exchange-${id}@nomadswap`,
        'DTSTAMP:20270301T110000Z',
        'DTSTART:20270303T100000Z',
        // An hour long.
        'DTEND:20270303T110000Z',
        // The proposal's time in seconds: a moved meetup is a newer version of the same event.
        `SEQUENCE:${proposedAt.getTime() / 1000}`,
        `SUMMARY:NomadSwap: swap with ${other.fullName} (Hiking boots)`,
        'LOCATION:Rossio\\; by the clock',
        'DESCRIPTION:blue jacket',
        `STATUS:${status}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const tentative = await ics(requester);
    expect(tentative.headers['content-disposition']).toBe(
      `attachment; filename="nomadswap-meetup-${id}.ics"`,
    );
    expect(tentative.text).toBe(event('TENTATIVE', owner));
    expect((await ics(owner)).text).toBe(event('TENTATIVE', requester));
    await act(requester, id, 'meetup/accept').expect(200);
    expect((await ics(owner)).text).toBe(event('CONFIRMED', requester));
    // Moved, without a note: no description, a later version of the same event.
    await meetup(requester, id, { at: at.toISOString(), place: 'Rossio; by the clock' }).expect(200);
    const moved = (await ics(owner)).text;
    expect(moved).not.toContain('DESCRIPTION');
    expect(moved).toContain(`SEQUENCE:${clock.getTime() / 1000}\r\n`);
    expect(moved).toContain('STATUS:TENTATIVE\r\n');
  });

  it('is proposed by one, accepted by the other, downloadable as .ics, with reminder and prompt jobs that move with it', async () => {
    const { owner, requester, id } = await acceptedSwap();
    const at = new Date(clock.getTime() + 2 * DAY);
    const past = await meetup(owner, id, {
      at: new Date(clock.getTime() - 60_000).toISOString(),
      place: 'Café',
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('The meetup must be in the future');
    expect((await meetup(owner, id, { at: clock.toISOString(), place: 'Café' })).status).toBe(400);
    const far = new Date(clock.getTime() + EXCHANGE_LIMITS.meetupMaxAheadMs + 1).toISOString();
    expect((await meetup(owner, id, { at: far, place: 'Café' })).status).toBe(400);
    expect((await meetup(owner, id, { at: at.toISOString(), place: 'ab' })).status).toBe(400);
    expect((await meetup(owner, id, { at: at.toISOString(), place: 'x'.repeat(121) })).status).toBe(400);
    const proposed = await meetup(owner, id, {
      at: at.toISOString(),
      place: 'Praça do Comércio, Lisbon',
      note: 'by the arch',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.exchange.meetup).toMatchObject({
      place: 'Praça do Comércio, Lisbon',
      agreed: false,
      proposedBy: owner.id,
    });
    const own = await act(owner, id, 'meetup/accept');
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('The other person accepts the meetup you suggested');
    const agreed = await act(requester, id, 'meetup/accept');
    expect(agreed.body.exchange.meetup.agreed).toBe(true);

    const stamp = `${at.getTime()}-${clock.getTime()}`;
    const reminder = await mailJob(`exchange-reminder-${id}-${requester.id}-${stamp}`);
    expect(reminder?.opts.delay).toBe(2 * DAY - EXCHANGE_LIMITS.reminderBeforeMs);
    expect(reminder?.data.to).toBe(requester.email);
    expect(reminder?.data.text).toContain('Praça do Comércio, Lisbon');
    const prompt = await mailJob(`exchange-prompt-${id}-${owner.id}-${stamp}`);
    expect(prompt?.opts.delay).toBe(2 * DAY + EXCHANGE_LIMITS.promptAfterMs);
    expect(prompt?.data.subject).toBe(`Did the swap with ${requester.fullName} happen?`);

    const ics = await api().get(`/api/exchanges/${id}/meetup.ics`).set(requester.headers);
    expect(ics.status).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.text).toContain('BEGIN:VEVENT\r\n');
    expect(ics.text).toContain('DTSTART:20270303T100000Z\r\n');
    expect(ics.text).toContain('LOCATION:Praça do Comércio\\, Lisbon\r\n');
    expect(ics.text).toContain(`SUMMARY:NomadSwap: swap with ${owner.fullName} (Hiking boots)`);
    const stranger = await env.user();
    expect((await api().get(`/api/exchanges/${id}/meetup.ics`).set(stranger.headers)).status).toBe(404);

    // A new time needs acceptance again: the old jobs go, none until it is agreed.
    clock = new Date(clock.getTime() + HOUR);
    const moved = await meetup(requester, id, {
      at: new Date(at.getTime() + DAY).toISOString(),
      place: 'Rossio station',
    });
    expect(moved.body.exchange.meetup).toMatchObject({ agreed: false, proposedBy: requester.id });
    expect(await mailJob(`exchange-reminder-${id}-${requester.id}-${stamp}`)).toBeUndefined();
    expect(await mailJob(`exchange-prompt-${id}-${owner.id}-${stamp}`)).toBeUndefined();
    await act(owner, id, 'meetup/accept').expect(200);
    const newStamp = `${at.getTime() + DAY}-${clock.getTime()}`;
    expect(await mailJob(`exchange-reminder-${id}-${owner.id}-${newStamp}`)).toBeDefined();

    // Ending the exchange removes them.
    await act(owner, id, 'cancel', { reason: 'left town early' }).expect(200);
    expect(await mailJob(`exchange-reminder-${id}-${owner.id}-${newStamp}`)).toBeUndefined();
    expect(await mailJob(`exchange-prompt-${id}-${requester.id}-${newStamp}`)).toBeUndefined();
  });

  it('a no-show can be reported only after the agreed time, and counts against the other party', async () => {
    const { owner, requester, id } = await acceptedSwap();
    expect((await act(requester, id, 'no-show')).body.error).toBe('Agree on a meetup first');
    const at = new Date(clock.getTime() + DAY);
    await meetup(owner, id, { at: at.toISOString(), place: 'Central market' }).expect(200);
    await act(requester, id, 'meetup/accept').expect(200);
    clock = new Date(at.getTime() - 1);
    const early = await act(requester, id, 'no-show');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('You can report a no-show once the meetup time has passed');
    clock = at;
    const reported = await act(requester, id, 'no-show');
    expect(reported.body.exchange).toMatchObject({
      status: 'no_show',
      noShowUserId: owner.id,
      endedBy: requester.id,
    });
    const ended = (await eventsFor(id)).find((event) => event.type === 'exchange.ended');
    expect(ended?.data).toMatchObject({ status: 'no_show', noShowUserId: owner.id });
  });
});

describe('both confirm', () => {
  it('one confirmation waits (72 h timer), the second completes it once, with exchange.completed', async () => {
    const { owner, requester, itemId, id } = await acceptedSwap();
    const first = await act(requester, id, 'confirm');
    expect(first.body.exchange).toMatchObject({ status: 'accepted', confirmedBy: [requester.id] });
    expect((await act(requester, id, 'confirm')).body.exchange.confirmedBy).toEqual([requester.id]);
    const timer = await timerJob(`exchange-autocomplete-${id}-${clock.getTime()}`);
    expect(timer?.opts.delay).toBe(EXCHANGE_LIMITS.confirmWindowMs);
    const done = await act(owner, id, 'confirm');
    expect(done.body.exchange).toMatchObject({ status: 'completed', completedAt: clock.toISOString() });
    expect(done.body.exchange.confirmedBy.sort()).toEqual([owner.id, requester.id].sort());
    expect(await timerJob(`exchange-autocomplete-${id}-${clock.getTime()}`)).toBeUndefined();
    const completed = (await eventsFor(id)).filter((event) => event.type === 'exchange.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({
      itemId,
      requesterId: requester.id,
      ownerId: owner.id,
      status: 'completed',
    });
    expect((await act(owner, id, 'confirm')).status).toBe(200);
    expect((await act(owner, id, 'cancel', { reason: 'changed my mind' })).status).toBe(409);
  });

  it('two confirmations at once complete it exactly once; confirm racing cancel leaves one outcome', async () => {
    const race = await acceptedSwap();
    await Promise.all([act(race.owner, race.id, 'confirm'), act(race.requester, race.id, 'confirm')]);
    const after = await api().get(`/api/exchanges/${race.id}`).set(race.owner.headers);
    expect(after.body.status).toBe('completed');
    expect((await eventsFor(race.id)).filter((event) => event.type === 'exchange.completed')).toHaveLength(1);

    const other = await acceptedSwap();
    await act(other.owner, other.id, 'confirm').expect(200);
    const [confirm, cancel] = await Promise.all([
      act(other.requester, other.id, 'confirm'),
      act(other.owner, other.id, 'cancel', { reason: 'sorry' }),
    ]);
    const final = (await api().get(`/api/exchanges/${other.id}`).set(other.owner.headers))
      .body as ExchangeView;
    expect(['completed', 'cancelled']).toContain(final.status);
    expect(final.status === 'completed' ? cancel.status : confirm.status).toBe(409);
    const terminal = (await eventsFor(other.id)).filter((event) =>
      ['exchange.completed', 'exchange.ended'].includes(event.type),
    );
    expect(terminal).toHaveLength(1);
  });

  it('"it didn\'t happen" ends an accepted swap without a swap', async () => {
    const { requester, id } = await acceptedSwap();
    const res = await act(requester, id, 'dispute');
    expect(res.body.exchange).toMatchObject({ status: 'cancelled', endReason: 'did_not_happen' });
  });
});

describe('the timers, with the clock the test sets', () => {
  it('a proposal expires exactly 14 days after it was made, not a millisecond earlier', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const itemId = await env.item({ ownerId: owner.id });
    const { id } = (await ask(requester, { itemId }).expect(201)).body as ExchangeView;
    const created = clock.getTime();
    clock = new Date(created + EXCHANGE_LIMITS.proposalExpiresMs - 1);
    await expect(
      runExchangeTimer(env.ctx, { data: { exchangeId: id, action: 'expire' } }),
    ).rejects.toMatchObject({
      code: 'NOT_DUE',
    });
    clock = new Date(created + EXCHANGE_LIMITS.proposalExpiresMs);
    expect(await runExchangeTimer(env.ctx, { data: { exchangeId: id, action: 'expire' } })).toEqual({
      status: 'expired',
    });
    expect((await eventsFor(id)).at(-1)?.data).toMatchObject({ status: 'expired', acceptedAt: null });
  });

  it('an accepted proposal does not expire; a one-sided confirmation completes after exactly 72 h', async () => {
    const { owner, requester, id } = await acceptedSwap();
    expect(await runExchangeTimer(env.ctx, { data: { exchangeId: id, action: 'expire' } })).toEqual({
      status: 'skipped: EXCHANGE_STATE',
    });
    await act(owner, id, 'confirm').expect(200);
    const confirmedAt = clock.getTime();
    clock = new Date(confirmedAt + EXCHANGE_LIMITS.confirmWindowMs - 1);
    await expect(
      runExchangeTimer(env.ctx, { data: { exchangeId: id, action: 'auto_complete' } }),
    ).rejects.toMatchObject({ code: 'NOT_DUE' });
    clock = new Date(confirmedAt + EXCHANGE_LIMITS.confirmWindowMs);
    expect(await runExchangeTimer(env.ctx, { data: { exchangeId: id, action: 'auto_complete' } })).toEqual({
      status: 'completed',
    });
    const view = (await api().get(`/api/exchanges/${id}`).set(requester.headers)).body as ExchangeView;
    expect(view).toMatchObject({ status: 'completed', confirmedBy: [owner.id] });
  });
});

describe('blocks', () => {
  it('a block mid-exchange cancels every open exchange between the two and releases the item', async () => {
    const { owner, requester, itemId, id } = await acceptedSwap();
    const theirs = await env.item({ ownerId: requester.id });
    const reverse = (await ask(owner, { itemId: theirs }).expect(201)).body as ExchangeView;
    const bystander = await env.user();
    const kept = (await ask(bystander, { itemId: await env.item({ ownerId: owner.id }) }).expect(201))
      .body as ExchangeView;
    await api().post(`/api/blocks/${owner.id}`).set(requester.headers).expect(201);
    // Only the two's exchanges end: the owner's other requests go on.
    const other = (await api().get(`/api/exchanges/${kept.id}`).set(owner.headers)).body as ExchangeView;
    expect(other.status).toBe('proposed');
    for (const exchangeId of [id, reverse.id]) {
      const view = (await api().get(`/api/exchanges/${exchangeId}`).set(owner.headers)).body as ExchangeView;
      expect(view).toMatchObject({ status: 'cancelled', endReason: 'blocked', endedBy: null });
    }
    const newcomer = await env.user();
    const next = (await ask(newcomer, { itemId }).expect(201)).body as ExchangeView;
    expect((await act(owner, next.id, 'accept')).status).toBe(200);
  });
});

describe('POST /api/exchanges/complete (the chat’s Complete Swap) — one person alone never completes a swap', () => {
  it('the one-sided attack: a stranger who sent one message cannot complete, swap an item or make a review possible', async () => {
    const [victim, stranger] = await Promise.all([env.user(), env.user()]);
    await send(stranger, victim, 'hi');
    const items = await Promise.all([1, 2, 3].map(() => env.item({ ownerId: victim.id })));
    const first = await complete(stranger, { otherUserId: victim.id, itemId: items[0] });
    expect(first.status).toBe(201);
    expect(first.body.redirectTo).toBeUndefined();
    expect(first.body.exchange).toMatchObject({
      status: 'proposed',
      confirmedBy: [stranger.id],
      requesterId: stranger.id,
      ownerId: victim.id,
      itemReserved: false,
    });
    for (const itemId of items) {
      const again = await complete(stranger, { otherUserId: victim.id, itemId });
      expect(again.status).toBe(200);
      expect(again.body.exchange.id).toBe(first.body.exchange.id);
    }
    const published = (await env.events()).filter(
      (event) =>
        ['exchange.completed', 'exchange.accepted'].includes(event.type) &&
        (event.data as { requesterId: string }).requesterId === stranger.id,
    );
    expect(published).toEqual([]);
    // Accepting a proposal the stranger confirmed is not the owner's confirmation either.
    const confirmAsAccept = await act(stranger, first.body.exchange.id, 'confirm');
    expect(confirmAsAccept.status).toBe(200);
    expect(confirmAsAccept.body.exchange.status).toBe('proposed');
  });

  it('the other person’s Complete Swap (or confirm) completes it in one step; "it didn’t happen" declines it', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, b);
    const waiting = await complete(a, { otherUserId: b.id });
    expect(waiting.body.exchange).toMatchObject({
      requesterId: a.id,
      ownerId: b.id,
      itemId: null,
      status: 'proposed',
    });
    const done = await complete(b, { otherUserId: a.id });
    expect(done.status).toBe(200);
    expect(done.body.redirectTo).toBe(`/review/${a.id}`);
    expect(done.body.exchange).toMatchObject({ id: waiting.body.exchange.id, status: 'completed' });
    expect(done.body.exchange.acceptedAt).toBe(clock.toISOString());
    expect((await eventsFor(done.body.exchange.id)).map((event) => event.type)).toEqual([
      'exchange.requested',
      'exchange.completed',
    ]);

    const next = await complete(a, { otherUserId: b.id });
    expect(next.status).toBe(201);
    expect(next.body.exchange.id).not.toBe(waiting.body.exchange.id);
    const declined = await act(b, next.body.exchange.id, 'dispute');
    expect(declined.body.exchange).toMatchObject({ status: 'declined', endReason: 'did_not_happen' });
  });

  it('confirms the caller’s side of the pair’s accepted exchange, completing it when the other confirmed', async () => {
    const { owner, requester, id } = await acceptedSwap();
    const mine = await complete(requester, { otherUserId: owner.id });
    expect(mine.body).toEqual({ exchange: expect.objectContaining({ id, status: 'accepted' }) });
    const theirs = await complete(owner, { otherUserId: requester.id });
    expect(theirs.body).toMatchObject({
      exchange: { id, status: 'completed' },
      redirectTo: `/review/${requester.id}`,
    });
  });

  it('a user deleted in the chat’s records is not found, even while their account state is still cached', async () => {
    const [a, gone] = await Promise.all([env.user(), env.user()]);
    await send(a, gone);
    await send(gone, a);
    // The projection's tombstone (it outlives the Redis state) decides before the cached state does.
    await env.ctx.users.updateOne({ _id: oid(gone.id) }, { $set: { deleted: true } });
    const refused = await complete(a, { otherUserId: gone.id });
    expect([refused.status, refused.body.code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('both pressing Complete Swap at once, with nothing agreed yet: one exchange, completed once', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, b);
    const answers = await Promise.all([
      complete(a, { otherUserId: b.id }),
      complete(b, { otherUserId: a.id }),
    ]);
    const ids = new Set(answers.map((answer) => answer.body.exchange.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(answers.map((answer) => answer.body.exchange.status)).toContain('completed');
    expect((await eventsFor(id!)).filter((event) => event.type === 'exchange.completed')).toHaveLength(1);
    const between = await env.ctx.exchanges.countDocuments({
      $or: [
        { requesterId: oid(a.id), ownerId: oid(b.id) },
        { requesterId: oid(b.id), ownerId: oid(a.id) },
      ],
    });
    expect(between).toBe(1);

    // Another pair's waiting confirmation is its own (one at a time per pair, not overall).
    const [c, d] = await Promise.all([env.user(), env.user()]);
    await send(c, d);
    const [first, other] = [
      await complete(a, { otherUserId: b.id }),
      await complete(c, { otherUserId: d.id }),
    ];
    expect([first.status, other.status]).toEqual([201, 201]);
    expect(other.body.exchange).toMatchObject({ requesterId: c.id, ownerId: d.id, confirmedBy: [c.id] });
    expect(other.body.exchange.id).not.toBe(first.body.exchange.id);
  });

  it('with two accepted swaps, confirms the named item’s; unnamed, the one changed last — never a request still unanswered', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user()]);
    const [tent, stove, lamp] = await Promise.all([
      env.item({ ownerId: owner.id, title: 'Tent' }),
      env.item({ ownerId: owner.id, title: 'Stove' }),
      env.item({ ownerId: owner.id, title: 'Lamp' }),
    ]);
    const asked = async (itemId: string) =>
      ((await ask(requester, { itemId }).expect(201)).body as ExchangeView).id;
    const [forTent, forStove, forLamp] = [await asked(tent), await asked(stove), await asked(lamp)];
    await act(owner, forTent, 'accept').expect(200);
    await act(owner, forStove, 'accept').expect(200);
    const changedAt = (id: string, minutes: number) =>
      env.ctx.exchanges.updateOne(
        { _id: oid(id) },
        { $set: { updatedAt: new Date(Date.UTC(2026, 0, 1, 12, minutes)) } },
      );
    // The stove's changed after the tent's (made first), and the unanswered lamp request after both.
    await changedAt(forTent, 0);
    await changedAt(forStove, 1);
    await changedAt(forLamp, 5);

    const unnamed = await complete(requester, { otherUserId: owner.id });
    expect(unnamed.body.exchange).toMatchObject({
      id: forStove,
      status: 'accepted',
      confirmedBy: [requester.id],
    });
    const named = await complete(requester, { otherUserId: owner.id, itemId: tent });
    expect(named.body.exchange).toMatchObject({
      id: forTent,
      status: 'accepted',
      confirmedBy: [requester.id],
    });
    const done = await complete(owner, { otherUserId: requester.id, itemId: tent });
    expect(done.body).toMatchObject({
      exchange: { id: forTent, status: 'completed' },
      redirectTo: `/review/${requester.id}`,
    });
    const lamps = (await api().get(`/api/exchanges/${forLamp}`).set(owner.headers).expect(200))
      .body as ExchangeView;
    expect([lamps.status, lamps.confirmedBy]).toEqual(['proposed', []]);
  });

  it('names an item of either party (never a stranger’s), refuses self, unknown, unapproved and unknown conversations', async () => {
    const [a, b, c, stranger] = await Promise.all([env.user(), env.user(), env.user(), env.user()]);
    await send(a, b);
    const own = await env.item({ ownerId: a.id });
    const res = await complete(a, { otherUserId: b.id, itemId: own });
    expect(res.body.exchange).toMatchObject({ ownerId: a.id, requesterId: b.id, itemId: own });
    const foreign = await complete(a, { otherUserId: b.id, itemId: await env.item({ ownerId: c.id }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 'ITEM_NOT_THEIRS',
      details: [{ field: 'itemId', message: foreign.body.error }],
    });
    const unknownItem = await complete(a, { otherUserId: b.id, itemId: newId() });
    expect([unknownItem.status, unknownItem.body.code]).toEqual([404, 'ITEM_NOT_FOUND']);
    const self = await complete(a, { otherUserId: a.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      error: 'You cannot complete a swap with yourself',
      code: 'EXCHANGE_WITH_SELF',
      details: [{ field: 'otherUserId', message: 'You cannot complete a swap with yourself' }],
    });
    expect((await complete(a, { otherUserId: newId() })).status).toBe(404);
    expect((await complete(a, { otherUserId: pending.id })).body.code).toBe('USER_NOT_APPROVED');
    expect((await complete(a, { otherUserId: stranger.id })).body.code).toBe('NO_CONVERSATION');
    expect((await complete(a, {})).body.details[0].field).toBe('otherUserId');
    expect((await api().post('/api/exchanges/complete').send({ otherUserId: b.id })).status).toBe(401);
    expect((await complete(pending, { otherUserId: b.id })).status).toBe(403);
  });
});

describe('GET /api/exchanges', () => {
  it('lists the caller’s own exchanges, filtered by user, item and status; one exchange for its parties and admins only', async () => {
    const { owner, requester, itemId, id } = await acceptedSwap();
    const [third, admin] = await Promise.all([env.user(), env.user({ role: 'admin' })]);
    const otherItem = await env.item({ ownerId: third.id });
    await ask(requester, { itemId: otherItem }).expect(201);
    const all = (await api().get('/api/exchanges').set(requester.headers).expect(200)).body as ExchangeView[];
    expect(all).toHaveLength(2);
    expect(all.every((exchange) => exchange.requester && exchange.owner)).toBe(true);
    const byUser = await api().get(`/api/exchanges?userId=${owner.id}`).set(requester.headers);
    expect(byUser.body.map((exchange: ExchangeView) => exchange.id)).toEqual([id]);
    const byItem = await api().get(`/api/exchanges?itemId=${itemId}`).set(owner.headers);
    expect(byItem.body.map((exchange: ExchangeView) => exchange.id)).toEqual([id]);
    const byStatus = await api().get('/api/exchanges?status=proposed').set(requester.headers);
    expect(byStatus.body.map((exchange: ExchangeView) => exchange.itemId)).toEqual([otherItem]);
    expect((await api().get('/api/exchanges?status=pending').set(requester.headers)).status).toBe(400);
    expect((await api().get(`/api/exchanges/${id}`).set(third.headers)).status).toBe(404);
    expect((await act(third, id, 'cancel', { reason: 'mine now' })).status).toBe(404);
    expect((await api().get(`/api/exchanges/${id}`).set(admin.headers)).status).toBe(200);
    expect((await act(admin, id, 'cancel', { reason: 'admin' })).status).toBe(403);
    expect((await api().get(`/api/exchanges/${newId()}`).set(owner.headers)).status).toBe(404);
    expect((await api().get('/api/exchanges')).status).toBe(401);
    expect((await api().get('/api/exchanges').set(pending.headers)).status).toBe(403);
  });

  it('never lists other people’s exchanges; the most recently changed first (then the newest); the item filter narrows an owner’s list', async () => {
    const [owner, requester, stranger, strangersOwner] = await Promise.all([
      env.user(),
      env.user(),
      env.user(),
      env.user(),
    ]);
    const [tent, stove, strangersItem] = await Promise.all([
      env.item({ ownerId: owner.id, title: 'Tent' }),
      env.item({ ownerId: owner.id, title: 'Stove' }),
      env.item({ ownerId: strangersOwner.id }),
    ]);
    const forTent = (await ask(requester, { itemId: tent }).expect(201)).body as ExchangeView;
    const forStove = (await ask(requester, { itemId: stove }).expect(201)).body as ExchangeView;
    await ask(stranger, { itemId: strangersItem }).expect(201);
    const ids = async (user: TestUser, query = '') =>
      ((await api().get(`/api/exchanges${query}`).set(user.headers).expect(200)).body as ExchangeView[]).map(
        (exchange) => exchange.id,
      );
    const changedAt = (id: string, minutes: number) =>
      env.ctx.exchanges.updateOne(
        { _id: oid(id) },
        { $set: { updatedAt: new Date(Date.UTC(2026, 0, 1, 12, minutes)) } },
      );

    // The tent's request changed last: first, though it was made first.
    await changedAt(forStove.id, 0);
    await changedAt(forTent.id, 1);
    expect(await ids(requester)).toEqual([forTent.id, forStove.id]);
    expect(await ids(owner)).toEqual([forTent.id, forStove.id]);
    // Changed at the same moment: the newer request first.
    await changedAt(forTent.id, 0);
    expect(await ids(requester)).toEqual([forStove.id, forTent.id]);
    expect(await ids(owner, `?itemId=${tent}`)).toEqual([forTent.id]);
    expect(await ids(owner, `?itemId=${strangersItem}`)).toEqual([]);
    expect(await ids(stranger)).toHaveLength(1);
    expect(await ids(stranger)).not.toContain(forTent.id);
  });
});
