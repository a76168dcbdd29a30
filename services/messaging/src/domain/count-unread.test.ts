import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import type { MessageStoredFacts } from '../context';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import { presenceKey } from '../realtime/presence';
import { pushUnreadCount } from './count-unread';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

const sendFrom = (a: { headers: Record<string, string> }, receiverId: string, content: string) =>
  request(env.app).post('/api/messages').set(a.headers).send({ receiverId, content }).expect(201);

describe('pushUnreadCount', () => {
  it('recounts from the database: every unread message to the user, none read, none they sent', async () => {
    const [a, b, c] = await Promise.all([env.user(), env.user(), env.user()]);
    await sendFrom(a, b.id, 'one');
    await sendFrom(c, b.id, 'two');
    await sendFrom(b, a.id, 'mine');
    expect(await pushUnreadCount(env.ctx, b.id)).toBe(2);
    await request(env.app).post(`/api/conversations/${a.id}/read`).set(b.headers).expect(200);
    expect(await pushUnreadCount(env.ctx, b.id)).toBe(1);
  });
});

describe("a send's hooks", () => {
  it('get whether the receiver has an unexpired socket, read once for all of them', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const seen: (MessageStoredFacts | undefined)[] = [];
    const hook = async (_message: Message, facts?: MessageStoredFacts) => void seen.push(facts);
    env.ctx.onMessageStored.push(hook);
    try {
      // A socket whose expiry has just passed (a crashed replica's) does not count; a live one does.
      await env.ctx.redis.hset(presenceKey(env.ctx.keyPrefix, b.id), 'gone', String(Date.now() - 1));
      await sendFrom(a, b.id, 'offline');
      await env.ctx.presence.connected(b.id, 'socket-1');
      await sendFrom(a, b.id, 'online');
      await env.ctx.presence.disconnected(b.id, 'socket-1');
      await sendFrom(a, b.id, 'offline again');
    } finally {
      env.ctx.onMessageStored.splice(env.ctx.onMessageStored.indexOf(hook), 1);
    }
    expect(seen).toEqual([{ receiverOnline: false }, { receiverOnline: true }, { receiverOnline: false }]);
  });
});
