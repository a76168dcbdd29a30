import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import { presenceKey } from '../realtime/presence';
import { pushUnreadAfterSend, pushUnreadCount } from './count-unread';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

describe('pushUnreadAfterSend', () => {
  it('counts from the database when the counter is missing, then increments it; a read recount resets it', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const send = (content: string) =>
      request(env.app).post('/api/messages').set(a.headers).send({ receiverId: b.id, content }).expect(201);
    await send('one');
    await send('two');
    await env.ctx.redis.del(`${env.ctx.keyPrefix}unread:${b.id}`);
    await send('three');
    // The send itself pushed 3 from a recount (the counter was gone); the next ones increment.
    expect(await pushUnreadAfterSend(env.ctx, b.id)).toEqual({ count: 4, online: false });
    expect(await pushUnreadCount(env.ctx, b.id)).toBe(3);
    expect(await pushUnreadAfterSend(env.ctx, b.id)).toEqual({ count: 4, online: false });
  });

  it("tells whether the receiver has an unexpired socket, read in the counter's round", async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'hi' })
      .expect(201);
    const sockets = presenceKey(env.ctx.keyPrefix, b.id);
    // A socket whose expiry has just passed (a crashed replica's) does not count; a live one does.
    await env.ctx.redis.hset(sockets, 'gone', String(Date.now() - 1));
    expect(await pushUnreadAfterSend(env.ctx, b.id)).toEqual({ count: 2, online: false });
    await env.ctx.presence.connected(b.id, 'socket-1');
    expect(await pushUnreadAfterSend(env.ctx, b.id)).toEqual({ count: 3, online: true });
    await env.ctx.presence.disconnected(b.id, 'socket-1');
    expect(await pushUnreadAfterSend(env.ctx, b.id)).toEqual({ count: 4, online: false });
  });
});
