import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { newId } from '@nomadswap/service-kit/testing';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let pending: TestUser;
beforeAll(async () => {
  env = await createMessagingTestEnv();
  pending = await env.user({ isApproved: false });
});
afterAll(() => env.close());

const api = () => request(env.app);
const send = (from: TestUser, to: TestUser, content = 'deal?') =>
  api().post('/api/messages').set(from.headers).send({ receiverId: to.id, content }).expect(201);
const complete = (from: TestUser, body: Record<string, unknown>) =>
  api().post('/api/exchanges/complete').set(from.headers).send(body);

describe('POST /api/exchanges/complete', () => {
  it('completes a swap with someone the caller has talked to, publishes exchange.completed once, and is idempotent', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, b);
    const first = await complete(a, { otherUserId: b.id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      exchange: { requesterId: a.id, ownerId: b.id, status: 'completed', itemId: null },
      redirectTo: `/review/${b.id}`,
    });
    const again = await complete(a, { otherUserId: b.id });
    expect(again.status).toBe(200);
    expect(again.body.exchange.id).toBe(first.body.exchange.id);
    const fromOtherSide = await complete(b, { otherUserId: a.id });
    expect(fromOtherSide.body.exchange.id).toBe(first.body.exchange.id);
    const events = (await env.events('exchange.completed')).filter((e) => e.data.requesterId === a.id);
    expect(events.map((e) => e.data)).toEqual([
      {
        id: first.body.exchange.id,
        requesterId: a.id,
        ownerId: b.id,
        itemId: null,
        completedAt: first.body.exchange.completedAt,
      },
    ]);

    // A new conversation after the swap makes room for a new one.
    await send(b, a, 'another swap?');
    const second = await complete(a, { otherUserId: b.id });
    expect(second.status).toBe(201);
    expect(second.body.exchange.id).not.toBe(first.body.exchange.id);
  });

  it('names the item when it belongs to one of the two, so items can mark it swapped', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await send(a, b);
    const itemId = await env.item({ ownerId: b.id });
    const res = await complete(a, { otherUserId: b.id, itemId });
    expect(res.status).toBe(201);
    expect(res.body.exchange.itemId).toBe(itemId);
    const event = (await env.events('exchange.completed')).find((e) => e.data.id === res.body.exchange.id);
    expect(event?.data.itemId).toBe(itemId);
    expect((await complete(a, { otherUserId: b.id, itemId })).body.exchange.id).toBe(res.body.exchange.id);
    const foreign = await env.item({ ownerId: c.id });
    const refused = await complete(a, { otherUserId: b.id, itemId: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('ITEM_NOT_THEIRS');
    const unknownItem = await complete(a, { otherUserId: b.id, itemId: newId() });
    expect(unknownItem.status).toBe(404);
  });

  it('refuses self (400), unknown users (404), unapproved users (403) and strangers without a conversation (403)', async () => {
    const [a, stranger] = await Promise.all([env.user(), env.user()]);
    const self = await complete(a, { otherUserId: a.id });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot complete a swap with yourself');
    expect((await complete(a, { otherUserId: newId() })).status).toBe(404);
    const unapproved = await complete(a, { otherUserId: pending.id });
    expect(unapproved.status).toBe(403);
    expect(unapproved.body.code).toBe('USER_NOT_APPROVED');
    const noChat = await complete(a, { otherUserId: stranger.id });
    expect(noChat.status).toBe(403);
    expect(noChat.body.code).toBe('NO_CONVERSATION');
    const invalid = await complete(a, {});
    expect(invalid.status).toBe(400);
    expect(invalid.body.details[0].field).toBe('otherUserId');
  });

  it('answers 401 to visitors and 403 to unapproved callers', async () => {
    const b = await env.user();
    expect((await api().post('/api/exchanges/complete').send({ otherUserId: b.id })).status).toBe(401);
    expect((await complete(pending, { otherUserId: b.id })).status).toBe(403);
  });
});

describe('GET /api/exchanges', () => {
  it('lists the caller’s own exchanges with both parties, optionally with one other user only', async () => {
    const [a, b, c, outsider, admin] = await Promise.all([
      env.user(),
      env.user(),
      env.user(),
      env.user(),
      env.user({ role: 'admin' }),
    ]);
    await send(a, b);
    await send(c, a);
    await complete(a, { otherUserId: b.id }).expect(201);
    await complete(c, { otherUserId: a.id }).expect(201);
    const all = await api().get('/api/exchanges').set(a.headers);
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    expect((all.body as ExchangeView[]).every((e) => e.requester && e.owner)).toBe(true);
    const withB = await api().get(`/api/exchanges?userId=${b.id}`).set(a.headers);
    expect(withB.body.map((e: ExchangeView) => [e.requesterId, e.ownerId])).toEqual([[a.id, b.id]]);
    expect((await api().get('/api/exchanges').set(outsider.headers)).body).toEqual([]);
    expect((await api().get('/api/exchanges').set(admin.headers)).body).toEqual([]);
    expect((await api().get('/api/exchanges')).status).toBe(401);
    expect((await api().get('/api/exchanges').set(pending.headers)).status).toBe(403);
    expect((await api().get('/api/exchanges?userId=bad').set(a.headers)).status).toBe(400);
  });
});
