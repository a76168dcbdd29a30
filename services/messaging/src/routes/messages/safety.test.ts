import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { SAFETY_EARLY_MESSAGES } from '../../domain/safety-signal';
import {
  connected,
  createMessagingTestEnv,
  nextEvent,
  type MessagingTestEnv,
  type RunningInstance,
  type TestUser,
} from '../../../test/support/messaging-test-env';

let env: MessagingTestEnv;
let instance: RunningInstance;

beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: 100 });
  instance = await env.startInstance();
});
afterAll(() => env.close());

const send = (from: TestUser, to: TestUser, content: string) =>
  request(env.app).post('/api/messages').set(from.headers).send({ receiverId: to.id, content }).expect(201);
const history = async (viewer: TestUser, other: TestUser) =>
  (await request(env.app).get(`/api/messages?with=${other.id}&limit=50`).set(viewer.headers).expect(200))
    .body as Message[];
const warningOf = (messages: Message[], content: string) =>
  messages.find((message) => message.content === content)?.safetyWarning;

describe('safety warnings on messages (issue 26)', () => {
  it('a request for money carries a payment warning for the receiver, at any point of a conversation; the sender sees none', async () => {
    const [scammer, traveller] = await Promise.all([env.user(), env.user()]);
    for (let i = 0; i < SAFETY_EARLY_MESSAGES; i++) await send(scammer, traveller, `hello ${i}`);
    const sent = await send(scammer, traveller, 'Send a small deposit by PayPal and it is yours');
    expect((sent.body as Message).safetyWarning).toBeNull();
    expect(
      warningOf(await history(traveller, scammer), 'Send a small deposit by PayPal and it is yours'),
    ).toBe('payment');
    expect(
      warningOf(await history(scammer, traveller), 'Send a small deposit by PayPal and it is yours'),
    ).toBeNull();
    expect(warningOf(await history(traveller, scammer), 'hello 0')).toBeNull();
  });

  it('contact details are off-platform within the first messages of a conversation, and normal after', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    // Messages 1 … SAFETY_EARLY_MESSAGES: the conversation's start (the last of them is the exact limit).
    for (let i = 1; i < SAFETY_EARLY_MESSAGES; i++) await send(i % 2 ? a : b, i % 2 ? b : a, `chat ${i}`);
    await send(a, b, 'whatsapp me: +351 912 345 678');
    // One past the start: the same text is an ordinary message.
    await send(b, a, 'mine is +351 913 000 111, whatsapp too');
    expect(warningOf(await history(b, a), 'whatsapp me: +351 912 345 678')).toBe('off_platform');
    expect(warningOf(await history(a, b), 'mine is +351 913 000 111, whatsapp too')).toBeNull();
  });

  it('live, the receiver’s message:new carries the warning and the sender’s does not', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const [sa, sb] = [env.connectClient(instance.url, a.token), env.connectClient(instance.url, b.token)];
    await Promise.all([connected(sa), connected(sb)]);
    try {
      const [toSender, toReceiver] = [nextEvent(sa, 'message:new'), nextEvent(sb, 'message:new')];
      // Through the instance the sockets are on (env.app has no socket server of its own).
      await request(instance.url)
        .post('/api/messages')
        .set(a.headers)
        .send({ receiverId: b.id, content: 'write me at ana.nomad@example.com' })
        .expect(201);
      expect((await toReceiver).safetyWarning).toBe('off_platform');
      expect((await toSender).safetyWarning).toBeNull();
    } finally {
      sa.disconnect();
      sb.disconnect();
    }
  });

  it('a harmless message has no warning for anyone', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    await send(a, b, 'Meet at 10:30 at Rua Augusta 123, 1100-048 Lisboa? It cost me €20.');
    expect((await history(b, a))[0]?.safetyWarning).toBeNull();
  });

  it('a flagged message is published as message.flagged once (moderation counts them); an unflagged one is not', async () => {
    const [a, b] = await Promise.all([env.user(), env.user()]);
    const flagged = await send(a, b, 'Pay the deposit by Western Union please');
    const plain = await send(a, b, 'See you at the café');
    const events = (await env.events('message.flagged')).filter((event) => event.data.senderId === a.id);
    expect(events.map((event) => event.data)).toEqual([
      {
        messageId: flagged.body.id,
        senderId: a.id,
        receiverId: b.id,
        kind: 'payment',
        content: 'Pay the deposit by Western Union please',
        createdAt: flagged.body.createdAt,
      },
    ]);
    expect(events.some((event) => event.data.messageId === plain.body.id)).toBe(false);
  });
});
