import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { isAckError, type MessageSendAck } from '@nomadswap/contracts/socket-events';
import { applyUserDeleted, applyUserSnapshot } from '../domain/apply-user-events';
import {
  connected,
  createMessagingTestEnv,
  nextEvent,
  type ClientSocket,
  type MessagingTestEnv,
  type RunningInstance,
  type TestUser,
} from '../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let one: RunningInstance;
let two: RunningInstance;

beforeAll(async () => {
  env = await createMessagingTestEnv();
  [one, two] = [await env.startInstance(), await env.startInstance()];
});
afterAll(() => env.close());

async function online(user: TestUser, instance = one): Promise<ClientSocket> {
  const socket = env.connectClient(instance.url, user.token);
  await connected(socket);
  return socket;
}

function sendOverSocket(socket: ClientSocket, payload: Record<string, unknown>): Promise<MessageSendAck> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...args: unknown[]) => void)('message:send', payload, resolve);
  });
}

const noEvent = async (socket: ClientSocket, event: string, ms = 600) => {
  let seen = false;
  const listener = () => (seen = true);
  socket.on(event as 'typing', listener);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event as 'typing', listener);
  return !seen;
};

describe('socket handshake', () => {
  it('refuses a missing, a bad and a revoked token, an unapproved and a deleted user with clear connect_error messages', async () => {
    await expect(connected(env.connectClient(one.url, undefined))).rejects.toThrow('Authentication Required');
    await expect(connected(env.connectClient(one.url, 'not-a-jwt'))).rejects.toThrow(
      'Invalid or expired token',
    );
    const pending = await env.user({ isApproved: false });
    await expect(connected(env.connectClient(one.url, pending.token))).rejects.toThrow('Approval Required');
    const revoked = await env.user();
    await env.stores.tokens.revoke(revoked.jti, new Date(Date.now() + 60_000));
    await expect(connected(env.connectClient(one.url, revoked.token))).rejects.toThrow(
      'Invalid or expired token',
    );
    const deleted = await env.user();
    await env.stores.userState.delete(deleted.id);
    await expect(connected(env.connectClient(one.url, deleted.token))).rejects.toThrow(
      'Invalid or expired token',
    );
    const admin = await env.user({ role: 'admin' });
    await expect(online(admin)).resolves.toBeTruthy();
  });

  it('pushes the unread count on connect', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'x' })
      .expect(201);
    const socket = env.connectClient(one.url, b.token);
    expect(await nextEvent(socket, 'unread:count')).toEqual({ count: 1 });
  });
});

describe('message:send', () => {
  it('stores the message, acks it, delivers message:new to both and the unread count to the receiver', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [sa, sb] = await Promise.all([online(a), online(b)]);
    const received = nextEvent(sb, 'message:new');
    const echoed = nextEvent(sa, 'message:new');
    const unread = new Promise((resolve) => sb.on('unread:count', (p) => p.count === 1 && resolve(p)));
    const ack = await sendOverSocket(sa, { receiverId: b.id, content: ' hello ', clientId: 'sock-1' });
    expect(isAckError(ack)).toBe(false);
    const message = ack as Message;
    expect(message).toMatchObject({ senderId: a.id, receiverId: b.id, content: 'hello', clientId: 'sock-1' });
    expect((await received).id).toBe(message.id);
    expect((await echoed).id).toBe(message.id);
    await expect(unread).resolves.toEqual({ count: 1 });
  });

  it('is idempotent on clientId like the REST call, and REST sends reach sockets too', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [sa, sb] = await Promise.all([online(a), online(b)]);
    const first = (await sendOverSocket(sa, {
      receiverId: b.id,
      content: 'once',
      clientId: 'dup-1',
    })) as Message;
    const retry = (await sendOverSocket(sa, {
      receiverId: b.id,
      content: 'once',
      clientId: 'dup-1',
    })) as Message;
    expect(retry.id).toBe(first.id);
    const viaRest = await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'once', clientId: 'dup-1' });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.id).toBe(first.id);
    expect(await env.ctx.messages.countDocuments({ clientId: 'dup-1' })).toBe(1);

    const live = nextEvent(sb, 'message:new');
    const rest = await request(one.url)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'from REST' })
      .expect(201);
    expect((await live).id).toBe(rest.body.id);
  });

  it('acks errors as {error, code}: blank content, missing clientId, a block', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a);
    expect(await sendOverSocket(sa, { receiverId: b.id, content: '  ', clientId: 'e1' })).toMatchObject({
      error: 'Message cannot be empty',
      code: 'VALIDATION_ERROR',
    });
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi' })).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'e2' })).toEqual({
      error: 'You cannot message this user',
      code: 'BLOCKED',
    });
  });
});

describe('message:send re-reads the sender (alongside the send’s own checks)', () => {
  it('refuses a sender no longer approved or deleted since the handshake, stores nothing and emits nothing', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [sa, sb] = await Promise.all([online(a), online(b)]);
    await env.stores.userState.set(a.id, { role: 'user', isApproved: false });
    const quiet = noEvent(sb, 'message:new');
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'gone-1' })).toEqual({
      error: 'Approval Required',
      code: 'NOT_APPROVED',
    });
    await env.stores.userState.delete(a.id);
    // A deleted sender is disconnected (unrecoverably) before any answer could reach them.
    const closed = new Promise((resolve) => sa.once('disconnect', resolve));
    void sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'gone-2' });
    await expect(closed).resolves.toBe('io server disconnect');
    expect(await quiet).toBe(true);
    expect(
      await env.ctx.messages.collection.countDocuments({ clientId: { $in: ['gone-1', 'gone-2'] } }),
    ).toBe(0);
  });
});

describe('two messaging processes on one Redis', () => {
  it('deliver to each other’s clients (socket send on one, REST send on the other)', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a, one);
    const sb = await online(b, two);
    const atB = nextEvent(sb, 'message:new');
    const ack = (await sendOverSocket(sa, {
      receiverId: b.id,
      content: 'across',
      clientId: 'x-1',
    })) as Message;
    expect((await atB).id).toBe(ack.id);

    const atA = nextEvent(sa, 'message:new');
    const rest = await request(`${two.url}`)
      .post('/api/messages')
      .set(b.headers)
      .send({ receiverId: a.id, content: 'back' })
      .expect(201);
    expect((await atA).id).toBe(rest.body.id);
  });
});

describe('connection state recovery', () => {
  it('after a dropped transport, replays what was missed exactly once (socket.recovered)', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sb = await online(b, two);
    const seen: string[] = [];
    sb.on('message:new', (message) => seen.push(message.content));
    const api = request(one.url);
    await api.post('/api/messages').set(a.headers).send({ receiverId: b.id, content: 'before' }).expect(201);
    await expect.poll(() => seen).toEqual(['before']);

    const reconnected = new Promise<void>((resolve) => sb.io.once('reconnect', () => resolve()));
    sb.io.engine.close();
    await api
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'missed 1' })
      .expect(201);
    await api
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'missed 2' })
      .expect(201);
    await reconnected;
    await expect.poll(() => seen).toEqual(['before', 'missed 1', 'missed 2']);
    expect(sb.recovered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(['before', 'missed 1', 'missed 2']);
  });
});

describe('read receipts, typing, presence', () => {
  it('conversation:read tells the sender message:read when both have receipts on, and not when either is off', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    const [sa, sb, sc] = await Promise.all([online(a), online(b), online(c)]);
    const m = (await sendOverSocket(sa, { receiverId: b.id, content: 'read me', clientId: 'r1' })) as Message;
    const read = nextEvent(sa, 'message:read');
    const ack = await new Promise((resolve) => sb.emit('conversation:read', { with: a.id }, resolve));
    expect(ack).toEqual({ updated: 1, unreadCount: 0 });
    expect(await read).toMatchObject({ by: b.id, conversationWith: b.id, upTo: m.id });

    await request(env.app)
      .put('/api/messaging/settings')
      .set(c.headers)
      .send({ readReceipts: false })
      .expect(200);
    await sendOverSocket(sa, { receiverId: c.id, content: 'private', clientId: 'r2' });
    await new Promise((resolve) => sc.emit('conversation:read', { with: a.id }, resolve));
    expect(await noEvent(sa, 'message:read')).toBe(true);
  });

  it('typing reaches the other user, is throttled, stops on isTyping:false, and never crosses a block', async () => {
    const [a, b, blocker] = await Promise.all([env.user(), env.user(), env.user()]);
    const [sa, sb, sblocker] = await Promise.all([online(a), online(b), online(blocker)]);
    const signals: boolean[] = [];
    sb.on('typing', (payload) => payload.from === a.id && signals.push(payload.isTyping));
    sa.emit('typing', { to: b.id, isTyping: true });
    sa.emit('typing', { to: b.id, isTyping: true });
    sa.emit('typing', { to: b.id, isTyping: true });
    await expect.poll(() => signals).toEqual([true]);
    sa.emit('typing', { to: b.id, isTyping: false });
    await expect.poll(() => signals).toEqual([true, false]);

    await request(env.app).post(`/api/blocks/${a.id}`).set(blocker.headers).expect(201);
    sa.emit('typing', { to: blocker.id, isTyping: true });
    expect(await noEvent(sblocker, 'typing')).toBe(true);
  });

  it('a typing indicator expires after 5 s without a refresh', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [sa, sb] = await Promise.all([online(a), online(b)]);
    const started = nextEvent(sb, 'typing');
    sa.emit('typing', { to: b.id, isTyping: true });
    expect(await started).toEqual({ from: a.id, isTyping: true });
    const began = Date.now();
    expect(await nextEvent(sb, 'typing', 7_000)).toEqual({ from: a.id, isTyping: false });
    expect(Date.now() - began).toBeGreaterThanOrEqual(4_500);
  });

  it('presence goes only to people who share a conversation with the user', async () => {
    const [a, partner, stranger] = await Promise.all([env.user(), env.user(), env.user()]);
    await request(env.app)
      .post('/api/messages')
      .set(partner.headers)
      .send({ receiverId: a.id, content: 'hi' })
      .expect(201);
    const [sp, ss] = await Promise.all([online(partner), online(stranger)]);
    const cameOnline = nextEvent(sp, 'presence');
    const strangerHeard = noEvent(ss, 'presence', 1_000);
    const sa = await online(a, two);
    expect(await cameOnline).toMatchObject({ userId: a.id, online: true });
    expect(await strangerHeard).toBe(true);
    const wentAway = nextEvent(sp, 'presence');
    sa.disconnect();
    const away = await wentAway;
    expect(away).toMatchObject({ userId: a.id, online: false });
    expect(away.lastSeen).toEqual(expect.any(String));
  });
});

describe('shutdown', () => {
  it('waits for the presence updates of the sockets it closes (lastSeen is stored before the stores close)', async () => {
    const user = await env.user();
    const instance = await env.startInstance();
    await online(user, instance);
    const original = instance.ctx.presence.disconnected.bind(instance.ctx.presence);
    let recorded = false;
    // A slow store: the update finishes well after io.close() has called back.
    instance.ctx.presence.disconnected = async (userId, socketId) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const result = await original(userId, socketId);
      recorded = true;
      return result;
    };
    await instance.close();
    expect(recorded).toBe(true);
    expect(await instance.ctx.presence.get(user.id)).toMatchObject({
      online: false,
      lastSeen: expect.any(String),
    });
  });
});

describe('account changes while connected', () => {
  it('disconnects a user who is deleted or no longer approved', async () => {
    const [gone, demoted] = await Promise.all([env.user(), env.user()]);
    const [sg, sd] = await Promise.all([online(gone, one), online(demoted, two)]);
    const goneClosed = new Promise((resolve) => sg.once('disconnect', resolve));
    const demotedClosed = new Promise((resolve) => sd.once('disconnect', resolve));
    await applyUserDeleted(one.ctx, { userId: gone.id });
    await applyUserSnapshot(one.ctx, {
      id: demoted.id,
      username: demoted.username,
      fullName: demoted.fullName,
      avatar: null,
      location: 'x',
      rating: 0,
      reviewCount: 0,
      isApproved: false,
      role: 'user',
      version: 1_000,
    });
    await expect(goneClosed).resolves.toBe('io server disconnect');
    await expect(demotedClosed).resolves.toBe('io server disconnect');
  });

  it('tells the other side exchange:updated live, on another replica', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sb = await online(b, two);
    await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'deal' })
      .expect(201);
    const live = nextEvent(sb, 'exchange:updated');
    const res = await request(one.url)
      .post('/api/exchanges/complete')
      .set(a.headers)
      .send({ otherUserId: b.id })
      .expect(201);
    expect(await live).toEqual({ exchange: res.body.exchange, action: 'request', by: a.id });
  });
});
