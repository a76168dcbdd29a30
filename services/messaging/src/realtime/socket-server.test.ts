import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { Message } from '@nomadswap/contracts/responses';
import {
  isAckError,
  SOCKET_EVENT_BUDGET,
  SOCKET_HANDLED,
  SOCKET_RATE_LIMITED,
  TYPING_EXPIRES_MS,
  type MessageSendAck,
} from '@nomadswap/contracts/socket-events';
import { SOCKET_CONNECTION_LIMIT } from '@nomadswap/contracts/limits.test-table';
import { createTokenService } from '@nomadswap/service-kit/auth';
import { eventually } from '@nomadswap/service-kit/testing';
import { applyUserDeleted, applyUserSnapshot } from '../domain/apply-user-events';
import { chatVersionKey, isCacheableVersion } from '../data/chat-state-cache';
import { oid } from '../data/ids';
import { presenceKey } from './presence';
import {
  connected,
  createMessagingTestEnv,
  drained,
  heard,
  nextEvent,
  type ClientSocket,
  type MessagingTestEnv,
  type RunningInstance,
  type TestUser,
} from '../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let one: RunningInstance;
let two: RunningInstance;
/** How far ahead of real time the servers verify tokens (a test moves it to expire a token at once). */
let tokenClockAheadMs = 0;

beforeAll(async () => {
  env = await createMessagingTestEnv({ tokenNow: () => new Date(Date.now() + tokenClockAheadMs) });
  [one, two] = [await env.startInstance(), await env.startInstance()];
});
afterAll(() => env.close());

const online = (user: TestUser, instance = one) => env.online(instance.url, user.token);

function sendOverSocket(socket: ClientSocket, payload: Record<string, unknown>): Promise<MessageSendAck> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...args: unknown[]) => void)('message:send', payload, resolve);
  });
}

/** Sends "typing" and resolves with its ack: the server has handled it (shown to the other side or not). */
function typing(socket: ClientSocket, payload: { to: string; isTyping: boolean }): Promise<unknown> {
  return new Promise((resolve) => socket.emit('typing', payload, resolve));
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

describe('sockets per user, over every replica (issue 21: a per-user cap)', () => {
  const { at, past, code, message } = SOCKET_CONNECTION_LIMIT;

  it(`connects the ${at}th socket, refuses the ${past}th with ${code}, and a disconnect frees a slot`, async () => {
    const user = await env.user();
    // Split between the two replicas: the cap counts the user's sockets wherever they are.
    const sockets = await Promise.all(
      Array.from({ length: at }, (_, i) => online(user, i % 2 === 0 ? one : two)),
    );
    expect(sockets.every((socket) => socket.connected)).toBe(true);

    const refused = await connected(env.connectClient(two.url, user.token)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe(message);
    expect((refused as Error & { data?: unknown }).data).toEqual({ code });
    // Other users are not affected.
    await expect(online(await env.user(), two)).resolves.toBeTruthy();

    sockets[0]!.disconnect();
    await eventually(async () => (await env.ctx.connectionSlots.count(user.id)) === at - 1);
    await expect(online(user, two)).resolves.toBeTruthy();
    await expect(connected(env.connectClient(one.url, user.token))).rejects.toThrow(message);
  });

  it('a session recovered at the cap takes its slot back, unless another socket took it meanwhile', async () => {
    const user = await env.user();
    const sockets = await Promise.all(Array.from({ length: at }, () => online(user)));
    expect(await dropAndReconnect(sockets[0]!, user)).toEqual({ recovered: true });
    expect(await env.ctx.connectionSlots.count(user.id)).toBe(at);

    const taken = await dropAndReconnect(sockets[1]!, user, async () => {
      await eventually(async () => (await env.ctx.connectionSlots.count(user.id)) === at - 1);
      await online(user, two);
    });
    expect(taken).toEqual({ refused: message });
  });
});

describe('message:send', () => {
  it('stores the message, acks it and delivers message:new to both, with no unread count per message', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sb = env.connectClient(one.url, b.token);
    const atConnect = nextEvent(sb, 'unread:count');
    const [sa] = await Promise.all([online(a), connected(sb)]);
    expect(await atConnect).toEqual({ count: 0 });
    const counts: unknown[] = [];
    sb.on('unread:count', (payload) => counts.push(payload));
    const received = nextEvent(sb, 'message:new');
    const echoed = nextEvent(sa, 'message:new');
    const ack = await sendOverSocket(sa, { receiverId: b.id, content: ' hello ', clientId: 'sock-1' });
    expect(isAckError(ack)).toBe(false);
    const message = ack as Message;
    expect(message).toMatchObject({ senderId: a.id, receiverId: b.id, content: 'hello', clientId: 'sock-1' });
    expect((await received).id).toBe(message.id);
    expect((await echoed).id).toBe(message.id);
    // The receiver's client counts message:new itself. Reading the conversation (on the other replica) pushes
    // the recount, after anything the send emitted: it is the first count the receiver hears.
    const afterRead = nextEvent(sb, 'unread:count');
    await request(two.url).post(`/api/conversations/${a.id}/read`).set(b.headers).expect(200);
    expect(await afterRead).toEqual({ count: 0 });
    expect(counts).toEqual([{ count: 0 }]);
  });

  it("tells the send's hooks whether the receiver is online, read with the guard's round", async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a);
    const seen: unknown[] = [];
    const hook = async (_message: Message, facts?: unknown) => void seen.push(facts);
    one.ctx.onMessageStored.push(hook);
    try {
      // A socket whose expiry has just passed (a crashed replica's) does not count; one on the other replica does.
      await env.ctx.redis.hset(presenceKey(env.ctx.keyPrefix, b.id), 'gone', String(Date.now() - 1));
      expect(
        isAckError(await sendOverSocket(sa, { receiverId: b.id, content: 'one', clientId: 'h-1' })),
      ).toBe(false);
      const sb = await online(b, two);
      await eventually(() => env.ctx.presence.isOnline(b.id));
      expect(
        isAckError(await sendOverSocket(sa, { receiverId: b.id, content: 'two', clientId: 'h-2' })),
      ).toBe(false);
      sb.disconnect();
      await eventually(async () => !(await env.ctx.presence.isOnline(b.id)));
      expect(
        isAckError(await sendOverSocket(sa, { receiverId: b.id, content: 'three', clientId: 'h-3' })),
      ).toBe(false);
    } finally {
      one.ctx.onMessageStored.splice(one.ctx.onMessageStored.indexOf(hook), 1);
    }
    expect(seen).toEqual([{ receiverOnline: false }, { receiverOnline: true }, { receiverOnline: false }]);
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
    const delivered = heard(sb, 'message:new');
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'gone-1' })).toEqual({
      error: 'Approval Required',
      code: 'NOT_APPROVED',
    });
    await env.stores.userState.delete(a.id);
    // A deleted sender is disconnected (unrecoverably) before any answer could reach them.
    const closed = new Promise((resolve) => sa.once('disconnect', resolve));
    void sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'gone-2' });
    await expect(closed).resolves.toBe('io server disconnect');
    // Both sends were answered or refused on `one`, where sb is: anything they emitted is before the marker.
    await drained(sb, b.id, one);
    expect(delivered).toEqual([]);
    expect(
      await env.ctx.messages.collection.countDocuments({ clientId: { $in: ['gone-1', 'gone-2'] } }),
    ).toBe(0);
  });
});

describe('message:send reads the receiver with the guard’s own read (one Redis round)', () => {
  it('refuses an unknown, an unapproved and a gone receiver and a restricted sender, and stores none of it', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a);
    const unknown = oid('0123456789abcdef01234567').toHexString();
    expect(await sendOverSocket(sa, { receiverId: unknown, content: 'hi', clientId: 'r-1' })).toMatchObject({
      code: 'RECEIVER_NOT_FOUND',
    });
    await env.stores.userState.set(b.id, { role: 'user', isApproved: false });
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'r-2' })).toMatchObject({
      code: 'RECEIVER_NOT_APPROVED',
    });
    await env.stores.userState.delete(b.id);
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'r-3' })).toMatchObject({
      code: 'RECEIVER_NOT_FOUND',
    });
    await env.stores.userState.set(b.id, { role: 'user', isApproved: true });
    const ok = await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'r-4' });
    expect(isAckError(ok)).toBe(false);
    const restriction = { id: 'sanction-1', type: 'restrict' as const, reason: 'spam', endsAt: null };
    await env.stores.userState.set(a.id, { role: 'user', isApproved: true, sanction: restriction });
    expect(await sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId: 'r-5' })).toMatchObject({
      code: 'ACCOUNT_RESTRICTED',
    });
    const stored = await env.ctx.messages.collection
      .find({ senderId: oid(a.id) }, { projection: { clientId: 1 } })
      .toArray();
    expect(stored.map((message) => message.clientId)).toEqual(['r-4']);
  });
});

describe('message:send checks blocks and the receiver from a cache validated on every send (issue 25)', () => {
  it('a block, an unblock and a deletion made through another replica take effect on the next send', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a, one);
    const send = (clientId: string) => sendOverSocket(sa, { receiverId: b.id, content: 'hi', clientId });
    expect(isAckError(await send('c-1'))).toBe(false);
    // The first send read both users into `one`'s cache; the next ones are answered from it.
    expect(one.ctx.chatState.has(a.id) && one.ctx.chatState.has(b.id)).toBe(true);
    expect(isAckError(await send('c-2'))).toBe(false);
    // Blocked through the REST API of another context (another replica's): `one`'s entries are stale now.
    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    expect(await send('c-3')).toMatchObject({ code: 'BLOCKED' });
    await request(env.app).delete(`/api/blocks/${a.id}`).set(b.headers).expect(200);
    expect(isAckError(await send('c-4'))).toBe(false);
    await applyUserDeleted(two.ctx, { userId: b.id });
    expect(await send('c-5')).toMatchObject({ code: 'RECEIVER_DELETED' });
    const stored = await env.ctx.messages.collection
      .find({ senderId: oid(a.id) }, { projection: { clientId: 1 } })
      .toArray();
    expect(stored.map((message) => message.clientId).sort()).toEqual(['c-1', 'c-2', 'c-4']);
  });
});

describe('two messaging processes on one Redis', () => {
  it('deliver to each other’s clients (socket send on one, REST send on the other)', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a, one);
    const sb = await online(b, two);
    // A's own message comes back to A's sockets too, through the adapter, possibly after the ack.
    const atA: string[] = [];
    sa.on('message:new', (message) => atA.push(message.content));
    const atB = nextEvent(sb, 'message:new');
    const ack = (await sendOverSocket(sa, {
      receiverId: b.id,
      content: 'across',
      clientId: 'x-1',
    })) as Message;
    expect((await atB).id).toBe(ack.id);

    await request(`${two.url}`)
      .post('/api/messages')
      .set(b.headers)
      .send({ receiverId: a.id, content: 'back' })
      .expect(201);
    await expect.poll(() => [...atA].sort()).toEqual(['across', 'back']);
  });
});

/** `b` connected to replica two, having received 'before' from `a` (sent over REST to replica one). */
async function receiverOnTwo() {
  const [a, b] = await Promise.all([env.user(), env.user()]);
  const sb = await online(b, two);
  const seen: string[] = [];
  sb.on('message:new', (message) => seen.push(message.content));
  const api = request(one.url);
  await api.post('/api/messages').set(a.headers).send({ receiverId: b.id, content: 'before' }).expect(201);
  await expect.poll(() => seen).toEqual(['before']);
  return { a, b, sb, seen, api };
}

describe('connection state recovery', () => {
  it('after a dropped transport, replays what was missed exactly once (socket.recovered)', async () => {
    const { a, b, sb, seen, api } = await receiverOnTwo();

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
    // A replayed duplicate would come before anything live: one more message is the sentinel.
    await api.post('/api/messages').set(a.headers).send({ receiverId: b.id, content: 'after' }).expect(201);
    await expect.poll(() => seen.at(-1)).toBe('after');
    expect(seen).toEqual(['before', 'missed 1', 'missed 2', 'after']);
  });
});

/**
 * Drops the transport of a connected client, lets `whileAway` change the world, then reconnects it (with its
 * saved `pid`/`offset`, so the server tries to recover the session): how the server answered.
 */
async function dropAndReconnect(
  socket: ClientSocket,
  user: TestUser,
  whileAway: () => Promise<unknown> = async () => undefined,
): Promise<{ recovered: boolean } | { refused: string }> {
  // A client asks for recovery only once it holds a stream offset: one broadcast through the adapter gives it one.
  const broadcast = nextEvent(socket, 'presence');
  one.ctx.live.emit([user.id], 'presence', { userId: 'probe', online: false, lastSeen: null });
  await broadcast;
  socket.io.reconnection(false);
  const away = new Promise((resolve) => socket.once('disconnect', resolve));
  socket.io.engine.close();
  await away;
  await whileAway();
  socket.io.reconnection(true);
  const answer = new Promise<{ recovered: boolean } | { refused: string }>((resolve) => {
    socket.once('connect', () => resolve({ recovered: socket.recovered }));
    socket.once('connect_error', (error) => resolve({ refused: error.message }));
  });
  socket.connect();
  return answer;
}

describe('connection state recovery re-checks the token and the user (issue 21 item 1)', () => {
  it('recovers a session whose token and user are still good', async () => {
    const a = await env.user();
    const sa = await online(a);
    expect(await dropAndReconnect(sa, a)).toEqual({ recovered: true });
  });

  it('refuses to recover with a revoked token, for a deleted user, or for a user no longer approved', async () => {
    const [revoked, deleted, demoted] = await Promise.all([env.user(), env.user(), env.user()]);
    const [sr, sd, sn] = await Promise.all([online(revoked), online(deleted), online(demoted)]);
    expect(
      await dropAndReconnect(sr, revoked, () =>
        env.stores.tokens.revoke(revoked.jti, new Date(Date.now() + 60_000)),
      ),
    ).toEqual({ refused: 'Invalid or expired token' });
    expect(await dropAndReconnect(sd, deleted, () => env.stores.userState.delete(deleted.id))).toEqual({
      refused: 'Invalid or expired token',
    });
    expect(
      await dropAndReconnect(sn, demoted, () =>
        env.stores.userState.set(demoted.id, { role: 'user', isApproved: false }),
      ),
    ).toEqual({ refused: 'Approval Required' });
  });

  it('refuses to recover with an expired token', async () => {
    const a = await env.user();
    const shortLived = createTokenService({
      ...env.stores.jwt,
      redis: env.stores.redis,
      keyPrefix: env.stores.keyPrefix,
      ttlSeconds: 60,
    });
    const { token } = await shortLived.sign({ sub: a.id, role: 'user' });
    const socket = env.connectClient(one.url, token);
    await connected(socket);
    try {
      // While away, the token's minute passes on the servers' clock.
      const outcome = await dropAndReconnect(socket, a, async () => {
        tokenClockAheadMs = 61_000;
      });
      expect(outcome).toEqual({ refused: 'Invalid or expired token' });
    } finally {
      tokenClockAheadMs = 0;
    }
  });

  it('never recovers one user’s session with another user’s token', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a);
    const outcome = await dropAndReconnect(sa, a, async () => {
      sa.auth = { token: b.token };
    });
    expect(outcome).toEqual({ refused: 'Invalid or expired token' });
  });
});

describe('no message is lost at the moment of recovery (issue 21 item 3)', () => {
  it('delivers what was sent while a recovered socket was still in its handshake (after its replay was read)', async () => {
    const { a, b, sb, seen, api } = await receiverOnTwo();

    // The handshake of the recovery takes a while (a slow Redis): the replay is read before it starts.
    const auth = two.ctx.auth;
    const original = auth.userFromToken;
    let inHandshake!: () => void;
    const started = new Promise<void>((resolve) => (inHandshake = resolve));
    auth.userFromToken = async (token) => {
      inHandshake();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return original(token);
    };
    try {
      const back = new Promise<void>((resolve) => sb.once('connect', () => resolve()));
      sb.io.engine.close();
      await started;
      await api
        .post('/api/messages')
        .set(a.headers)
        .send({ receiverId: b.id, content: 'during' })
        .expect(201);
      await back;
    } finally {
      auth.userFromToken = original;
    }
    expect(sb.recovered).toBe(true);
    await expect.poll(() => seen, { timeout: 3_000 }).toEqual(['before', 'during']);
  });
});

describe('logout closes the sockets of its token (issue 21 item 2)', () => {
  it('disconnects, within 2 s, every socket opened with a revoked token, on every replica, and no other', async () => {
    const a = await env.user();
    const other = await env.stores.tokens.sign({ sub: a.id, role: 'user' });
    const [first, second] = [env.connectClient(one.url, a.token), env.connectClient(two.url, a.token)];
    const untouched = env.connectClient(one.url, other.token);
    await Promise.all([connected(first), connected(second), connected(untouched)]);
    const closed = (socket: ClientSocket) =>
      new Promise<[string, number]>((resolve) =>
        socket.once('disconnect', (reason) => resolve([reason, Date.now()])),
      );
    const both = Promise.all([closed(first), closed(second)]);
    const started = Date.now();
    // What POST /api/auth/logout does (services/auth log-out-user): the kit's revoke.
    await env.stores.tokens.revoke(a.jti, new Date(Date.now() + 60_000));
    const [[reasonOne, atOne], [reasonTwo, atTwo]] = await both;
    expect([reasonOne, reasonTwo]).toEqual(['io server disconnect', 'io server disconnect']);
    expect(Math.max(atOne, atTwo) - started).toBeLessThan(2_000);
    expect(untouched.connected).toBe(true);
  });

  it('a periodic check against the denylist closes what a missed notification left open', async () => {
    const a = await env.user();
    const instance = await env.startInstance({ revocationCheckMs: 300 });
    const socket = env.connectClient(instance.url, a.token);
    await connected(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    // Straight into the denylist, as if the notification had been lost (no publish).
    await env.stores.redis.set(`${env.stores.keyPrefix}jwt:denylist:${a.jti}`, '1', 'PX', 60_000);
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

describe('every client event goes through one guard: who is this, within budget (issue 21 item 4)', () => {
  const read = (socket: ClientSocket, withId: string) =>
    new Promise<unknown>((resolve) => socket.emit('conversation:read', { with: withId }, resolve));

  it('over the budget, acks answer RATE_LIMITED and events are dropped; other sockets are not affected', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await converse(a, b);
    const [sa, sb, sc] = await Promise.all([online(a), online(b), online(c)]);
    const signals: boolean[] = [];
    sb.on('typing', (payload) => payload.from === a.id && signals.push(payload.isTyping));
    // Time stands still (the budget runs on the context's clock): nothing refills while the burst is counted.
    const frozen = new Date();
    one.ctx.now = () => frozen;
    try {
      // A burst of reads takes the whole budget…
      const acks = await Promise.all(
        Array.from({ length: SOCKET_EVENT_BUDGET.burst + 10 }, () => read(sa, b.id)),
      );
      const limited = acks.filter((ack) => isAckError(ack as MessageSendAck));
      expect(limited).toHaveLength(10);
      expect(limited[0]).toEqual(SOCKET_RATE_LIMITED);
      // …so a send is refused without being stored, and typing is dropped.
      expect(await sendOverSocket(sa, { receiverId: b.id, content: 'over', clientId: 'budget-1' })).toEqual(
        SOCKET_RATE_LIMITED,
      );
      expect(await env.ctx.messages.collection.countDocuments({ clientId: 'budget-1' })).toBe(0);
      const typingAtB = heard(sb, 'typing');
      expect(await typing(sa, { to: b.id, isTyping: true })).toEqual(SOCKET_RATE_LIMITED);
      await drained(sb, b.id, one);
      expect(typingAtB).toEqual([]);
      // Another user's socket has its own budget.
      expect(await read(sc, a.id)).toEqual({ updated: 0, unreadCount: 0 });
      expect(signals).toEqual([]);
    } finally {
      one.ctx.now = () => new Date();
    }
  });

  it('disconnects a socket that keeps flooding', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = await online(a);
    const closed = new Promise((resolve) => sa.once('disconnect', resolve));
    for (let i = 0; i < SOCKET_EVENT_BUDGET.burst + SOCKET_EVENT_BUDGET.floodRefusals + 5; i++) {
      sa.emit('typing', { to: b.id, isTyping: i % 2 === 0 });
    }
    await expect(closed).resolves.toBe('io server disconnect');
  });

  it('re-checks the token and the user on every event: a revoked token or a deleted user gets nothing done', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await request(env.app).post('/api/messages').set(b.headers).send({ receiverId: a.id, content: 'hi' });
    await request(env.app).post('/api/messages').set(c.headers).send({ receiverId: a.id, content: 'hi' });
    const [sa, sb, sc] = await Promise.all([online(a), online(b), online(c)]);
    // Straight into the denylist: no notification, so only the per-event check can see it.
    await env.stores.redis.set(`${env.stores.keyPrefix}jwt:denylist:${b.jti}`, '1', 'PX', 60_000);
    const bClosed = new Promise((resolve) => sb.once('disconnect', resolve));
    const quiet = noEvent(sa, 'typing', 400);
    sb.emit('typing', { to: a.id, isTyping: true });
    await expect(bClosed).resolves.toBe('io server disconnect');
    expect(await quiet).toBe(true);

    await env.stores.userState.delete(c.id);
    const cClosed = new Promise((resolve) => sc.once('disconnect', resolve));
    sc.emit('conversation:read', { with: a.id });
    await expect(cClosed).resolves.toBe('io server disconnect');
    expect(
      await env.ctx.messages.collection.countDocuments({
        senderId: oid(a.id),
        receiverId: oid(c.id),
        isRead: true,
      }),
    ).toBe(0);
  });
});

/** Makes two users conversation partners (a message from `a` to `b`, over REST). */
async function converse(a: TestUser, b: TestUser): Promise<void> {
  await request(env.app)
    .post('/api/messages')
    .set(a.headers)
    .send({ receiverId: b.id, content: 'hi' })
    .expect(201);
}

describe('typing goes only to an unblocked partner, at most once per 2 s per pair (issue 21 item 5)', () => {
  const typingFrom = (socket: ClientSocket, from: TestUser) => {
    const signals: boolean[] = [];
    socket.on('typing', (payload) => payload.from === from.id && signals.push(payload.isTyping));
    return signals;
  };

  it('reaches a conversation partner and never a stranger', async () => {
    const [partner, stranger, b] = await Promise.all([env.user(), env.user(), env.user()]);
    await converse(partner, b);
    const [sb, ss, sp] = await Promise.all([online(b), online(stranger), online(partner)]);
    const fromStranger = typingFrom(sb, stranger);
    const fromPartner = typingFrom(sb, partner);
    expect(await typing(ss, { to: b.id, isTyping: true })).toEqual(SOCKET_HANDLED);
    sp.emit('typing', { to: b.id, isTyping: true });
    await expect.poll(() => fromPartner).toEqual([true]);
    // The stranger's typing was handled (acked) on `one`, where b is: anything it emitted is before the marker.
    await drained(sb, b.id, one);
    expect(fromStranger).toEqual([]);
  });

  it('isTyping:false does not reset the throttle, and the pair’s throttle holds across the sender’s sockets', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await converse(a, b);
    const [first, second, sb] = await Promise.all([online(a), online(a, two), online(b)]);
    const signals = typingFrom(sb, a);
    first.emit('typing', { to: b.id, isTyping: true });
    await expect.poll(() => signals).toEqual([true]);
    first.emit('typing', { to: b.id, isTyping: false });
    await expect.poll(() => signals).toEqual([true, false]);
    await typing(first, { to: b.id, isTyping: true });
    await typing(second, { to: b.id, isTyping: true });
    // Handled on both replicas: what either emitted reaches sb before its marker.
    await Promise.all([drained(sb, b.id, one), drained(sb, b.id, two)]);
    expect(signals).toEqual([true, false]);
  });

  it('neither isTyping:false nor the 5 s expiry crosses a block made after "typing"', async () => {
    const [a, b, c, d] = await Promise.all([env.user(), env.user(), env.user(), env.user()]);
    await Promise.all([converse(a, b), converse(c, d)]);
    const [sa, sb, sc, sd] = await Promise.all([online(a), online(b), online(c), online(d)]);
    const atB = typingFrom(sb, a);
    const atD = typingFrom(sd, c);
    sa.emit('typing', { to: b.id, isTyping: true });
    sc.emit('typing', { to: d.id, isTyping: true });
    await expect.poll(() => [atB, atD]).toEqual([[true], [true]]);
    // b blocks a, then a stops typing; c blocks d (the sender's own block), then c's indicator expires.
    await request(env.app).post(`/api/blocks/${a.id}`).set(b.headers).expect(201);
    await request(env.app).post(`/api/blocks/${d.id}`).set(c.headers).expect(201);
    sa.emit('typing', { to: b.id, isTyping: false });
    await new Promise((resolve) => setTimeout(resolve, TYPING_EXPIRES_MS + 700));
    expect([atB, atD]).toEqual([[true], [true]]);
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
    const receipts = heard(sa, 'message:read');
    // The ack comes once the read is done, receipt emitted or not; sa and sc are both on `one`.
    await new Promise((resolve) => sc.emit('conversation:read', { with: a.id }, resolve));
    await drained(sa, a.id, one);
    expect(receipts).toEqual([]);
  });

  it('typing reaches the other user, is throttled, stops on isTyping:false, and never crosses a block', async () => {
    const [a, b, blocker] = await Promise.all([env.user(), env.user(), env.user()]);
    await Promise.all([converse(a, b), converse(a, blocker)]);
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
    const atBlocker = heard(sblocker, 'typing');
    await typing(sa, { to: blocker.id, isTyping: true });
    await drained(sblocker, blocker.id, one);
    expect(atBlocker).toEqual([]);
  });

  it('a typing indicator expires after 5 s without a refresh', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await converse(a, b);
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
    const strangerHeard = heard(ss, 'presence');
    const sa = await online(a, two);
    expect(await cameOnline).toMatchObject({ userId: a.id, online: true });
    // One emit from `two` told every listener at once; a marker from `two` after it reaches ss after it.
    await drained(ss, stranger.id, two);
    expect(strangerHeard.filter((presence) => presence.userId === a.id)).toEqual([]);
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

  it('keeps an approved user and an admin connected through a change, stores their rating and renews their chat state', async () => {
    const [ana, admin, demoted] = await Promise.all([env.user(), env.user({ role: 'admin' }), env.user()]);
    const [sa, sadmin, sd] = await Promise.all([online(ana, one), online(admin, two), online(demoted, two)]);
    const versionOf = (id: string) => env.stores.redis.get(chatVersionKey(env.ctx.keyPrefix, id));
    const before = await versionOf(ana.id);
    const snapshot = (user: TestUser, changes: Partial<UserEventData>) =>
      applyUserSnapshot(one.ctx, {
        id: user.id,
        username: user.username,
        fullName: user.fullName,
        avatar: null,
        location: 'Porto',
        rating: 0,
        reviewCount: 0,
        isApproved: true,
        role: 'user',
        version: 1_000,
        ...changes,
      });
    await snapshot(ana, { fullName: 'Ana Renamed', rating: 4.5, reviewCount: 3 });
    await snapshot(admin, { role: 'admin', isApproved: false });
    // The sentinel: a demotion after them, on the admin's replica, is carried out after theirs would have been.
    const demotedClosed = new Promise((resolve) => sd.once('disconnect', resolve));
    await snapshot(demoted, { isApproved: false });
    await expect(demotedClosed).resolves.toBe('io server disconnect');
    expect([sa.connected, sadmin.connected]).toEqual([true, true]);
    expect(await env.ctx.users.findById(ana.id).lean()).toMatchObject({
      fullName: 'Ana Renamed',
      rating: 4.5,
      reviewCount: 3,
    });
    // Every replica's cached chat state of Ana (how her sends show her) is stale: her version is a new one.
    const after = await versionOf(ana.id);
    expect(after).not.toBe(before);
    expect(isCacheableVersion(after)).toBe(true);
    sa.disconnect();
    sadmin.disconnect();
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

describe('socket acks of unexpected errors', () => {
  it('answer the kit’s one error body: a 500 text, code INTERNAL and an id the log has, nothing of the cause', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const socket = await online(a);
    const broken = vi.spyOn(one.ctx.messages, 'findOne').mockImplementationOnce(() => {
      throw new Error('secret internals at /srv/db.ts:12');
    });
    try {
      const ack = await new Promise<Record<string, unknown>>((resolve) =>
        (socket.emit as (event: string, ...args: unknown[]) => void)(
          'conversation:read',
          { with: b.id },
          resolve,
        ),
      );
      expect(ack).toEqual({
        error: 'Internal server error',
        code: 'INTERNAL',
        requestId: expect.any(String),
      });
      expect(ack.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(ack)).not.toContain('secret');
    } finally {
      broken.mockRestore();
      socket.disconnect();
    }
  });
});
