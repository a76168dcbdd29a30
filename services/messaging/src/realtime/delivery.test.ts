import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { isAckError, type MessageSendAck } from '@nomadswap/contracts/socket-events';
import {
  connected,
  createMessagingTestEnv,
  drained,
  type ClientSocket,
  type MessagingTestEnv,
  type RunningInstance,
  type TestUser,
} from '../../test/support/messaging-test-env';

/*
 * Issue 21 item 3: delivery is at-least-once end to end. The receiver behaves as the web app does
 * (web/src/features/messages/api/catch-up.ts): it shows what arrives live, and after every reconnect, recovered or
 * not, asks REST for the newest page of each conversation; it shows each message once (by id). Its transport is
 * dropped every `DROP_EVERY` messages while 10 senders keep writing. DELIVERY_ROUNDS (default 1) runs more rounds;
 * the figures of each round are printed.
 */
const SENDERS = 10;
const MESSAGES = 300;
const DROP_EVERY = 50;
const SEND_GAP_MS = 25;
const ROUNDS = Number(process.env.DELIVERY_ROUNDS ?? 1);

let env: MessagingTestEnv;
let one: RunningInstance;
let two: RunningInstance;

beforeAll(async () => {
  env = await createMessagingTestEnv({ messagesPerMinute: 100_000 });
  [one, two] = [await env.startInstance(), await env.startInstance()];
});
afterAll(() => env.close());

function send(socket: ClientSocket, payload: Record<string, unknown>): Promise<MessageSendAck> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...args: unknown[]) => void)('message:send', payload, resolve);
  });
}

async function round(receiver: TestUser, senders: TestUser[]) {
  const senderSockets = senders.map((s, i) => env.connectClient((i % 2 ? one : two).url, s.token));
  const inbox = env.connectClient(two.url, receiver.token);
  await Promise.all([...senderSockets, inbox].map(connected));

  const shown = new Set<string>();
  const live = new Set<string>();
  const figures = { liveTwice: 0, caughtUp: 0, drops: 0, recovered: 0, longestAwayMs: 0, reconnects: 0 };
  inbox.on('message:new', (message) => {
    if (message.receiverId !== receiver.id) return;
    if (live.has(message.id)) figures.liveTwice += 1;
    live.add(message.id);
    shown.add(message.id);
  });
  const catchUps: Promise<void>[] = [];
  let droppedAt = 0;
  inbox.on('connect', () => {
    figures.reconnects += 1;
    if (inbox.recovered) figures.recovered += 1;
    figures.longestAwayMs = Math.max(figures.longestAwayMs, Date.now() - droppedAt);
    catchUps.push(
      (async () => {
        for (const sender of senders) {
          const page = await request(two.url)
            .get('/api/messages')
            .query({ with: sender.id })
            .set(receiver.headers)
            .expect(200);
          for (const message of page.body as Message[]) {
            if (message.receiverId !== receiver.id || shown.has(message.id)) continue;
            figures.caughtUp += 1;
            shown.add(message.id);
          }
        }
      })(),
    );
  });

  const acked: string[] = [];
  const acks: Promise<void>[] = [];
  for (let n = 0; n < MESSAGES; n++) {
    if (n > 0 && n % DROP_EVERY === 0) {
      droppedAt = Date.now();
      figures.drops += 1;
      inbox.io.engine.close();
    }
    const i = n % SENDERS;
    acks.push(
      send(senderSockets[i]!, { receiverId: receiver.id, content: `m${n}`, clientId: `r${n}` }).then(
        (ack) => {
          if (isAckError(ack)) throw new Error(`send ${n}: ${ack.code}`);
          acked.push(ack.id);
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, SEND_GAP_MS));
  }
  await Promise.all(acks);
  // Generous under a loaded machine: the target (back within 5 s) is asserted on the measured figure below.
  await expect.poll(() => inbox.connected, { timeout: 15_000 }).toBe(true);
  await expect.poll(() => acked.every((id) => shown.has(id)), { timeout: 15_000 }).toBe(true);
  await Promise.all(catchUps);
  // Anything still on its way live (the catch-up can be faster than the live path) arrives before a marker that
  // each replica emits now: the figures below then count every live delivery.
  await Promise.all([one, two].map((via) => drained(inbox, receiver.id, via)));
  for (const socket of [...senderSockets, inbox]) socket.disconnect();
  const lost = acked.filter((id) => !shown.has(id)).length;
  const neverLive = acked.filter((id) => !live.has(id)).length;
  return { ...figures, sent: acked.length, neverLive, lost };
}

describe('chat delivery under transport drops (issue 21 item 3)', () => {
  it(
    `10 senders, ${MESSAGES} messages, the receiver dropped every ${DROP_EVERY}: none lost, each shown once, back within 5 s`,
    async () => {
      for (let r = 0; r < ROUNDS; r++) {
        const [receiver, ...senders] = await Promise.all(
          Array.from({ length: SENDERS + 1 }, () => env.user()),
        );
        const figures = await round(receiver!, senders);
        console.log(`delivery round ${r + 1}/${ROUNDS}: ${JSON.stringify(figures)}`);
        expect(figures.lost).toBe(0);
        expect(figures.liveTwice).toBe(0);
        expect(figures.reconnects).toBe(figures.drops);
        expect(figures.longestAwayMs).toBeLessThan(5_000);
      }
    },
    ROUNDS * 60_000,
  );
});
