import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { isAckError, type MessageSendAck } from '@nomadswap/contracts/socket-events';
import {
  connected,
  createMessagingTestEnv,
  type ClientSocket,
  type MessagingTestEnv,
  type RunningInstance,
} from '../../test/support/messaging-test-env';

/** The per-sender send limit of this env (a small one, so the socket's event budget is never what refuses). */
const PER_MINUTE = 3;

let env: MessagingTestEnv;
let one: RunningInstance;

beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: PER_MINUTE });
  one = await env.startInstance();
});
afterAll(() => env.close());

function send(socket: ClientSocket, payload: Record<string, unknown>): Promise<MessageSendAck> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...args: unknown[]) => void)('message:send', payload, resolve);
  });
}

describe("a socket send's limit is taken in the guard's round (issue 25)", () => {
  it(`passes send ${PER_MINUTE} of ${PER_MINUTE}, refuses the next with RATE_LIMITED; invalid sends and retries do not count; REST shares the count`, async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const sa = env.connectClient(one.url, a.token);
    await connected(sa);
    // Neither an invalid payload nor a send to oneself counts.
    expect(await send(sa, { receiverId: b.id, content: '  ', clientId: 'l0' })).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await send(sa, { receiverId: a.id, content: 'me', clientId: 'l0' })).toMatchObject({
      code: 'CANNOT_MESSAGE_SELF',
    });
    const acks: MessageSendAck[] = [];
    for (let i = 1; i <= PER_MINUTE; i++)
      acks.push(await send(sa, { receiverId: b.id, content: `m${i}`, clientId: `l${i}` }));
    expect(acks.filter(isAckError)).toEqual([]);

    const refused = await send(sa, { receiverId: b.id, content: 'one too many', clientId: 'l-past' });
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    // A retry of a stored message answers that message, limit or not.
    expect(await send(sa, { receiverId: b.id, content: 'm1', clientId: 'l1' })).toMatchObject({
      id: (acks[0] as Message).id,
    });
    await request(env.app)
      .post('/api/messages')
      .set(a.headers)
      .send({ receiverId: b.id, content: 'over REST', clientId: 'l-rest' })
      .expect(429);
    const stored = await request(env.app).get(`/api/messages?with=${b.id}`).set(a.headers).expect(200);
    expect((stored.body as Message[]).map((message) => message.content).sort()).toEqual(['m1', 'm2', 'm3']);
    sa.disconnect();
  });
});
