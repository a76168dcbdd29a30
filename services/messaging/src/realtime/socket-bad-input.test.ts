import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { MESSAGE_MAX_LENGTH } from '@nomadswap/contracts/messaging-limits';
import { isAckError, SOCKET_EVENT_BUDGET, SOCKET_HANDLED } from '@nomadswap/contracts/socket-events';
import { oid } from '../data/ids';
import {
  createMessagingTestEnv,
  type ClientSocket,
  type MessagingTestEnv,
  type RunningInstance,
  type TestUser,
} from '../../test/support/messaging-test-env';

/*
 * Every client event answers what people and scripts can send it — nothing, a number, an array, operators in place
 * of ids, a prototype key, a text past the limit, an object nested 500 deep, no acknowledgement function or
 * something else in its place — with a clear refusal (`{error, code}` of a client error, never the kit's INTERNAL
 * with a log id), or for "typing" with nothing done; the socket stays connected and a good send still works.
 */

let env: MessagingTestEnv;
let server: RunningInstance;
beforeAll(async () => {
  env = await createMessagingTestEnv();
  server = await env.startInstance();
});
afterAll(() => env.close());

const nested = (depth: number) => {
  let value: Record<string, unknown> = { with: 'x' };
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};

/** What the events are sent, in place of their payload (a valid one is sent last, to check the socket still works). */
function badPayloads(other: TestUser): unknown[] {
  return [
    undefined,
    null,
    0,
    'text',
    true,
    [],
    [other.id, 'hi'],
    {},
    { receiverId: { $ne: null }, with: { $gt: '' }, to: { $exists: true }, content: 'hi', clientId: 'c1' },
    { receiverId: 123, with: 123, to: 123, content: ['x'], clientId: {}, isTyping: 'yes' },
    {
      receiverId: 'not-an-id',
      with: 'not-an-id',
      to: 'not-an-id',
      content: 'hi',
      clientId: 'c2',
      isTyping: true,
    },
    {
      receiverId: other.id,
      with: `${other.id}0`,
      to: other.id,
      content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
      clientId: 'c3',
      isTyping: 1,
    },
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
    nested(500),
  ];
}

/** Emits with an acknowledgement; resolves with it, or with 'no answer' after 3 s. */
function emit(socket: ClientSocket, event: string, ...args: unknown[]): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), 3_000);
    (socket.emit as (e: string, ...rest: unknown[]) => void)(event, ...args, (ack: unknown) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
}

/** A refusal people can act on: a text and a client error's code, not the kit's INTERNAL with a log id. */
function expectClearRefusal(ack: unknown, context: string) {
  expect(isAckError(ack as Message), `${context}: ${JSON.stringify(ack)}`).toBe(true);
  const { code, requestId } = ack as { code: string; requestId?: string };
  expect(code, context).not.toBe('INTERNAL');
  expect(requestId, context).toBeUndefined();
}

const online = (user: TestUser) => env.online(server.url, user.token);

describe('client events given what they do not expect', () => {
  it('fit one socket’s burst: each event’s bad payloads and the good send after them', () => {
    // Each test below sends its payloads over one socket, within the budget (over it, RATE_LIMITED is the answer).
    expect(badPayloads({ id: 'x' } as TestUser).length + 2).toBeLessThanOrEqual(SOCKET_EVENT_BUDGET.burst);
  });

  it('message:send refuses each clearly, stores nothing, and the socket still sends', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const socket = await online(a);
    for (const [index, payload] of badPayloads(b).entries())
      expectClearRefusal(await emit(socket, 'message:send', payload), `payload ${index}`);
    expect(await env.ctx.messages.countDocuments({ senderId: oid(a.id) })).toBe(0);
    const ack = await emit(socket, 'message:send', {
      receiverId: b.id,
      content: 'still here',
      clientId: 'ok-1',
    });
    expect(ack).toMatchObject({ senderId: a.id, receiverId: b.id, content: 'still here' });
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('conversation:read refuses each clearly and the socket still reads', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const socket = await online(a);
    for (const [index, payload] of badPayloads(b).entries())
      expectClearRefusal(await emit(socket, 'conversation:read', payload), `payload ${index}`);
    expect(isAckError((await emit(socket, 'conversation:read', { with: b.id })) as Message)).toBe(false);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('typing does nothing with them (answers handled) and tells the other side nothing', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [socket, other] = await Promise.all([online(a), online(b)]);
    const heard: unknown[] = [];
    other.on('typing', (payload) => heard.push(payload));
    for (const [index, payload] of badPayloads(b).entries()) {
      const ack = await emit(socket, 'typing', payload);
      expect(ack, `payload ${index}`).toEqual(SOCKET_HANDLED);
    }
    expect(heard).toEqual([]);
    expect(socket.connected).toBe(true);
    socket.disconnect();
    other.disconnect();
  });

  it('an event without an acknowledgement, or with something else in its place, and an unknown event leave the socket working', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const socket = await online(a);
    const raw = (socket.emit as (event: string, ...args: unknown[]) => void).bind(socket);
    raw('message:send', { receiverId: b.id, content: 'no ack', clientId: 'no-ack' });
    raw(
      'message:send',
      { receiverId: b.id, content: 'a string for an ack', clientId: 's-ack' },
      'not a function',
    );
    raw('conversation:read', { with: b.id }, 42);
    raw('typing', { to: b.id, isTyping: true }, null);
    expectClearRefusal(await emit(socket, 'admin:delete-everything', { all: true }), 'unknown event');
    raw('conversation:read');
    const ack = await emit(socket, 'message:send', {
      receiverId: b.id,
      content: 'after all that',
      clientId: 'ok-2',
    });
    expect(ack).toMatchObject({ content: 'after all that' });
    // The sends without a usable ack were stored all the same (the ack is the client's, not the send's).
    const stored = await env.ctx.messages.find({ senderId: oid(a.id) }).lean();
    expect(stored.map((message) => message.content).sort()).toEqual(
      ['a string for an ack', 'after all that', 'no ack'].sort(),
    );
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
