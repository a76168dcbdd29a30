import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@nomadswap/contracts/messaging-responses';
import type { Message } from '@nomadswap/contracts/responses';
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
const send = (from: TestUser, to: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  api()
    .post('/api/messages')
    .set(from.headers)
    .send({ receiverId: to.id, content, ...extra })
    .expect(201);

describe('GET /api/conversations', () => {
  it('lists one row per other participant, newest first, with last message, unread count and item', async () => {
    const [me, ben, cleo] = await Promise.all([env.user(), env.user(), env.user({ fullName: 'Cleo' })]);
    const itemId = await env.item({ ownerId: ben.id, title: 'Surfboard' });
    await send(me, ben, 'hi ben', { itemId });
    await send(ben, me, 'hello!');
    await send(ben, me, 'still there?');
    await send(cleo, me, 'hey from cleo');

    const res = await api().get('/api/conversations').set(me.headers);
    expect(res.status).toBe(200);
    const rows = res.body as Conversation[];
    expect(rows.map((row) => row.otherUser.id)).toEqual([cleo.id, ben.id]);
    expect(rows[0]).toMatchObject({
      otherUser: { fullName: 'Cleo', deleted: false },
      lastMessage: { content: 'hey from cleo' },
      unreadCount: 1,
      item: null,
      blocked: false,
      presence: { userId: cleo.id, online: false },
    });
    expect(rows[1]).toMatchObject({
      lastMessage: { content: 'still there?' },
      unreadCount: 2,
      item: { id: itemId, title: 'Surfboard', ownerId: ben.id, isSwapped: false },
    });
    const bens = await api().get('/api/conversations').set(ben.headers);
    expect(bens.body.map((row: Conversation) => [row.otherUser.id, row.unreadCount])).toEqual([[me.id, 1]]);
  });

  it('pages with ?limit and the X-Next-Cursor header', async () => {
    const me = await env.user();
    const others = [await env.user(), await env.user(), await env.user()];
    for (const other of others) await send(other, me, 'ping');
    const first = await api().get('/api/conversations?limit=2').set(me.headers);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await api().get(`/api/conversations?limit=2&before=${cursor}`).set(me.headers);
    expect(second.body).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const ids = [...first.body, ...second.body].map((row: Conversation) => row.otherUser.id);
    expect(ids).toEqual(others.map((other) => other.id).reverse());
    const bad = await api().get('/api/conversations?before=garbage').set(me.headers);
    expect(bad.status).toBe(400);
  });

  it('a page that holds the last conversation exactly has no cursor; one more and the cursor follows the page’s last row', async () => {
    const me = await env.user();
    const others = [await env.user(), await env.user(), await env.user()];
    for (const other of others) await send(other, me, 'ping');
    const exact = await api().get('/api/conversations?limit=3').set(me.headers);
    expect(exact.body).toHaveLength(3);
    expect(exact.headers['x-next-cursor']).toBeUndefined();

    const fourth = await env.user();
    await send(fourth, me, 'ping');
    const over = await api().get('/api/conversations?limit=3').set(me.headers);
    const newestFirst = [fourth, ...others.slice().reverse()].map((other) => other.id);
    expect(over.body.map((row: Conversation) => row.otherUser.id)).toEqual(newestFirst.slice(0, 3));
    const rest = await api()
      .get(`/api/conversations?limit=3&before=${over.headers['x-next-cursor']}`)
      .set(me.headers);
    expect(rest.body.map((row: Conversation) => row.otherUser.id)).toEqual(newestFirst.slice(3));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
  });

  it('counts as unread only what the other sent the caller and the caller has not read', async () => {
    const [me, ben, cleo] = await Promise.all([env.user(), env.user(), env.user()]);
    await send(ben, me, 'one');
    await send(ben, me, 'two');
    await api().post(`/api/conversations/${ben.id}/read`).set(me.headers).expect(200);
    await send(ben, me, 'three');
    // Ben's messages to someone else and the caller's own to Ben are not the caller's unread.
    await send(ben, cleo, 'to cleo');
    await send(me, ben, 'reply');
    await send(ben, me, 'four');
    const rows = (await api().get('/api/conversations').set(me.headers)).body as Conversation[];
    expect(rows.map((row) => [row.otherUser.id, row.unreadCount, row.lastMessage.content])).toEqual([
      [ben.id, 2, 'four'],
    ]);
  });

  it('answers 401 to visitors and 403 to unapproved users; a non-participant sees none of it', async () => {
    expect((await api().get('/api/conversations')).status).toBe(401);
    const refused = await api().get('/api/conversations').set(pending.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_APPROVED');
    const [admin, outsider] = await Promise.all([env.user({ role: 'admin' }), env.user()]);
    expect((await api().get('/api/conversations').set(admin.headers)).body).toEqual([]);
    expect((await api().get('/api/conversations').set(outsider.headers)).body).toEqual([]);
  });
});

describe('POST /api/conversations/:userId/read', () => {
  it('marks the conversation read (isRead) and the sender then sees it read', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, b, 'one');
    await send(a, b, 'two');
    await send(b, a, 'mine stays unread for a');
    const res = await api().post(`/api/conversations/${a.id}/read`).set(b.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, unreadCount: 0 });
    const again = await api().post(`/api/conversations/${a.id}/read`).set(b.headers);
    expect(again.body).toEqual({ updated: 0, unreadCount: 0 });
    const seenBySender = await api().get(`/api/messages?with=${b.id}`).set(a.headers);
    const byContent = Object.fromEntries(seenBySender.body.map((m: Message) => [m.content, m.isRead]));
    expect(byContent).toEqual({ one: true, two: true, 'mine stays unread for a': false });
    expect((await api().get('/api/messages/unread-count').set(a.headers)).body).toEqual({ count: 1 });
  });

  it('with read receipts off on either side, the sender never sees "Seen" but the reader’s count still clears', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await api().put('/api/messaging/settings').set(b.headers).send({ readReceipts: false }).expect(200);
    await send(a, b, 'to b');
    await api().post(`/api/conversations/${a.id}/read`).set(b.headers).expect(200);
    const fromA = await api().get(`/api/messages?with=${b.id}`).set(a.headers);
    expect(fromA.body[0]).toMatchObject({ content: 'to b', isRead: false, readAt: null });
    // The conversation list's last message tells no more than the thread.
    const listed = (await api().get('/api/conversations').set(a.headers)).body as Conversation[];
    expect(listed[0]!.lastMessage).toMatchObject({ content: 'to b', isRead: false, readAt: null });
    const fromB = await api().get(`/api/messages?with=${a.id}`).set(b.headers);
    expect(fromB.body[0].isRead).toBe(true);

    // The one who turned receipts off does not see them either.
    await send(b, c, 'to c');
    await api().post(`/api/conversations/${b.id}/read`).set(c.headers).expect(200);
    const fromBtoC = await api().get(`/api/messages?with=${c.id}`).set(b.headers);
    expect(fromBtoC.body[0].isRead).toBe(false);
  });

  it('a non-participant marking "read" changes nothing of others’ conversations', async () => {
    const [a, b, outsider] = await Promise.all([env.user(), env.user(), env.user()]);
    await send(a, b, 'private');
    const res = await api().post(`/api/conversations/${a.id}/read`).set(outsider.headers);
    expect(res.body).toEqual({ updated: 0, unreadCount: 0 });
    expect((await api().get('/api/messages/unread-count').set(b.headers)).body).toEqual({ count: 1 });
  });

  it('answers 401 to visitors, 403 to unapproved users and 400 to a bad id', async () => {
    const someone = await env.user();
    expect((await api().post(`/api/conversations/${someone.id}/read`)).status).toBe(401);
    expect((await api().post(`/api/conversations/${someone.id}/read`).set(pending.headers)).status).toBe(403);
    const bad = await api().post('/api/conversations/123/read').set(someone.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
  });
});
