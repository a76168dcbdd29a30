import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { newId } from '@nomadswap/service-kit/testing';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let ana: TestUser;
let ben: TestUser;
let pending: TestUser;
let admin: TestUser;

beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: 12 });
  [ana, ben, pending, admin] = await Promise.all([
    env.user({ fullName: 'Ana Nomad' }),
    env.user({ fullName: 'Ben Rover' }),
    env.user({ isApproved: false }),
    env.user({ role: 'admin', fullName: 'Ada Admin' }),
  ]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const send = (from: TestUser, body: Record<string, unknown>) =>
  api().post('/api/messages').set(from.headers).send(body);
const storedCount = (filter: Record<string, unknown>) => env.ctx.messages.countDocuments(filter);

describe('POST /api/messages', () => {
  it('stores a trimmed message and answers 201 with public summaries of both sides, never e-mail or hash', async () => {
    const res = await send(ana, { receiverId: ben.id, content: '  Hi Ben, is the tent still there?  ' });
    expect(res.status).toBe(201);
    const message = res.body as Message;
    expect(message).toMatchObject({
      senderId: ana.id,
      receiverId: ben.id,
      content: 'Hi Ben, is the tent still there?',
      isRead: false,
      itemId: null,
      sender: { id: ana.id, fullName: 'Ana Nomad', deleted: false },
      receiver: { id: ben.id, fullName: 'Ben Rover', deleted: false },
    });
    expect(JSON.stringify(message)).not.toMatch(/email|password|hash|_id/i);
    const stored = await env.ctx.messages.findById(message.id).lean();
    expect(stored?.content).toBe('Hi Ben, is the tent still there?');
  });

  it('stores every field of the schema with its default, and conversation rows with itemId null (written through the driver)', async () => {
    const [cara, dan] = await Promise.all([env.user(), env.user()]);
    const res = await send(cara, { receiverId: dan.id, content: 'first', clientId: 'shape-1' });
    expect(res.status).toBe(201);
    const raw = await env.ctx.messages.collection.findOne({ clientId: 'shape-1' });
    expect(raw).toEqual({
      _id: expect.anything(),
      senderId: expect.anything(),
      receiverId: expect.anything(),
      content: 'first',
      safetyWarning: null,
      clientId: 'shape-1',
      itemId: null,
      exchangeId: null,
      isRead: false,
      readAt: null,
      createdAt: expect.any(Date),
    });
    expect(raw!._id.toHexString()).toBe(res.body.id);
    expect(raw!.senderId.toHexString()).toBe(cara.id);
    expect(raw!.createdAt.toISOString()).toBe(res.body.createdAt);
    // What mongoose would have stored: the model reads the raw document back without a cast or validation error.
    const hydrated = env.ctx.messages.hydrate(raw!);
    await expect(hydrated.validate()).resolves.toBeUndefined();

    const rows = await env.ctx.conversations.collection.find({ lastMessageId: raw!._id }).toArray();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ itemId: null, lastMessageAt: raw!.createdAt });
      await expect(env.ctx.conversations.hydrate(row).validate()).resolves.toBeUndefined();
    }
    // A later message naming an item moves both rows to it; one without an item leaves it there.
    const itemId = await env.item({ ownerId: dan.id });
    await send(cara, { receiverId: dan.id, content: 'item', itemId }).expect(201);
    await send(dan, { receiverId: cara.id, content: 'no item' }).expect(201);
    const after = await env.ctx.conversations.collection
      .find({
        ownerId: { $in: [raw!.senderId, raw!.receiverId] },
        otherId: { $in: [raw!.senderId, raw!.receiverId] },
      })
      .toArray();
    expect(after.map((row) => row.itemId?.toHexString())).toEqual([itemId, itemId]);
  });

  it('refuses blank content with 400 "Message cannot be empty" and over 2000 characters with its own text', async () => {
    const blank = await send(ana, { receiverId: ben.id, content: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      error: 'Message cannot be empty',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'content', message: 'Message cannot be empty' }],
    });
    const long = await send(ana, { receiverId: ben.id, content: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Message must be at most 2000 characters');
    const badId = await send(ana, { receiverId: 'nope', content: 'hi' });
    expect(badId.status).toBe(400);
    expect(badId.body.details[0].field).toBe('receiverId');
    const injection = await send(ana, { receiverId: { $ne: null }, content: 'hi' });
    expect(injection.status).toBe(400);
  });

  it('is idempotent on clientId: a retry returns the stored message and never stores a second copy', async () => {
    const body = { receiverId: ben.id, content: 'Only once', clientId: 'c-idem-1' };
    const first = await send(ana, body);
    const again = await send(ana, body);
    const concurrent = await Promise.all([send(ana, body), send(ana, body)]);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(concurrent.map((res) => res.body.id)).toEqual([first.body.id, first.body.id]);
    expect(await storedCount({ clientId: 'c-idem-1' })).toBe(1);
    // Another sender may use the same clientId: it is unique per sender only.
    const other = await send(ben, { ...body, receiverId: ana.id });
    expect(other.status).toBe(201);
  });

  it('keeps the item the conversation is about', async () => {
    const itemId = await env.item({ ownerId: ben.id, title: 'Blue tent' });
    const res = await send(ana, { receiverId: ben.id, content: 'About your tent', itemId });
    expect(res.status).toBe(201);
    expect(res.body.itemId).toBe(itemId);
  });

  it('refuses sending to oneself (400), an unknown user (404), an unapproved user (403) and a deleted one (404)', async () => {
    const self = await send(ana, { receiverId: ana.id, content: 'me' });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      error: 'You cannot send a message to yourself',
      code: 'CANNOT_MESSAGE_SELF',
      details: [{ field: 'receiverId', message: 'You cannot send a message to yourself' }],
    });
    const unknown = await send(ana, { receiverId: newId(), content: 'hello?' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'This user does not exist', code: 'RECEIVER_NOT_FOUND' });
    const unapproved = await send(ana, { receiverId: pending.id, content: 'hi' });
    expect(unapproved.status).toBe(403);
    expect(unapproved.body.code).toBe('RECEIVER_NOT_APPROVED');
    // Admins are never waiting for approval, whatever their flag says: they can always be written to.
    const admin = await env.user({ isApproved: false, role: 'admin' });
    expect((await send(ana, { receiverId: admin.id, content: 'a question' })).status).toBe(201);
    const gone = await env.user();
    await send(ana, { receiverId: gone.id, content: 'before' }).expect(201);
    const { applyUserDeleted } = await import('../../domain/apply-user-events');
    await applyUserDeleted(env.ctx, { userId: gone.id });
    const deleted = await send(ana, { receiverId: gone.id, content: 'after' });
    expect(deleted.status).toBe(404);
    expect(deleted.body.code).toBe('RECEIVER_DELETED');
    const history = await api().get(`/api/messages?with=${gone.id}`).set(ana.headers);
    expect(history.body[0].receiver).toEqual({
      id: gone.id,
      fullName: 'Deleted user',
      username: '',
      avatar: null,
      rating: 0,
      reviewCount: 0,
      deleted: true,
    });
  });

  it('answers 401 to visitors and 403 "Approval Required" to unapproved users; admins may message', async () => {
    const visitor = await api().post('/api/messages').send({ receiverId: ben.id, content: 'hi' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ error: 'Authentication Required', code: 'UNAUTHORIZED' });
    const unapproved = await send(pending, { receiverId: ben.id, content: 'hi' });
    expect(unapproved.status).toBe(403);
    expect(unapproved.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
    const fromAdmin = await send(admin, { receiverId: ben.id, content: 'Welcome!' });
    expect(fromAdmin.status).toBe(201);
  });

  it('limits a sender to the configured messages per minute with 429 and Retry-After; retries do not count', async () => {
    const sender = await env.user();
    const results = [];
    for (let i = 0; i < 13; i++) {
      results.push(await send(sender, { receiverId: ben.id, content: `m${i}`, clientId: `rl-${i}` }));
    }
    expect(results.map((res) => res.status)).toEqual([...Array<number>(12).fill(201), 429]);
    const limited = results[12]!;
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const retry = await send(sender, { receiverId: ben.id, content: 'm0', clientId: 'rl-0' });
    expect(retry.status).toBe(200);
  });
});

describe('GET /api/messages', () => {
  it('pages one conversation newest first with a cursor, and shows only the caller’s own conversation', async () => {
    const [a, b, outsider] = await Promise.all([env.user(), env.user(), env.user()]);
    for (let i = 0; i < 5; i++) {
      await send(i % 2 ? b : a, { receiverId: i % 2 ? a.id : b.id, content: `n${i}` }).expect(201);
    }
    const first = await api().get(`/api/messages?with=${b.id}&limit=2`).set(a.headers);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.map((m: Message) => m.content)).toEqual(['n4', 'n3']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await api().get(`/api/messages?with=${b.id}&limit=2&before=${cursor}`).set(a.headers);
    expect(second.body.map((m: Message) => m.content)).toEqual(['n2', 'n1']);
    const last = await api()
      .get(`/api/messages?with=${b.id}&limit=2&before=${second.headers['x-next-cursor']}`)
      .set(a.headers);
    expect(last.body.map((m: Message) => m.content)).toEqual(['n0']);
    expect(last.headers['x-next-cursor']).toBeUndefined();

    const nosy = await api().get(`/api/messages?with=${a.id}`).set(outsider.headers);
    expect(nosy.status).toBe(200);
    expect(nosy.body).toEqual([]);
    const nosyAdmin = await api().get(`/api/messages?with=${a.id}`).set(admin.headers);
    expect(nosyAdmin.body).toEqual([]);
  });

  it('a page that reaches the first message exactly has no cursor; one message more and the cursor is the page’s last', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    for (let i = 0; i < 3; i++) await send(a, { receiverId: b.id, content: `m${i}` }).expect(201);
    const exact = await api().get(`/api/messages?with=${b.id}&limit=3`).set(a.headers);
    expect(exact.body.map((m: Message) => m.content)).toEqual(['m2', 'm1', 'm0']);
    expect(exact.headers['x-next-cursor']).toBeUndefined();

    await send(a, { receiverId: b.id, content: 'm3' }).expect(201);
    const over = await api().get(`/api/messages?with=${b.id}&limit=3`).set(a.headers);
    expect(over.body.map((m: Message) => m.content)).toEqual(['m3', 'm2', 'm1']);
    expect(over.headers['x-next-cursor']).toBe(over.body[2].id);
    const rest = await api()
      .get(`/api/messages?with=${b.id}&limit=3&before=${over.headers['x-next-cursor']}`)
      .set(a.headers);
    expect(rest.body.map((m: Message) => m.content)).toEqual(['m0']);
  });

  it('without `with`, answers the caller’s most recent messages across conversations, bounded by limit', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await send(a, { receiverId: b.id, content: 'to b' }).expect(201);
    await send(c, { receiverId: a.id, content: 'from c' }).expect(201);
    await send(b, { receiverId: c.id, content: 'not mine' }).expect(201);
    const res = await api().get('/api/messages').set(a.headers);
    expect(res.body.map((m: Message) => m.content)).toEqual(['from c', 'to b']);
    const bounded = await api().get('/api/messages?limit=1').set(a.headers);
    expect(bounded.body).toHaveLength(1);
    const tooMany = await api().get('/api/messages?limit=1000').set(a.headers);
    expect(tooMany.status).toBe(400);
  });

  it('answers 401 to visitors, 403 to unapproved users, 400 to a bad cursor', async () => {
    expect((await api().get('/api/messages')).status).toBe(401);
    expect((await api().get('/api/messages').set(pending.headers)).status).toBe(403);
    const bad = await api().get('/api/messages?before=xyz').set(ana.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('before');
  });

  it('GET /api/messages/unread-count counts what the caller has not read', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, { receiverId: b.id, content: 'one' }).expect(201);
    await send(a, { receiverId: b.id, content: 'two' }).expect(201);
    const res = await api().get('/api/messages/unread-count').set(b.headers);
    expect(res.body).toEqual({ count: 2 });
    expect(
      await env.ctx.messages.countDocuments({ receiverId: new mongoose.Types.ObjectId(b.id), isRead: false }),
    ).toBe(2);
  });
});
