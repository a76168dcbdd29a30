import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import {
  drainOutbox,
  killAfterWrites,
  killBeforeWrites,
  loseAnswersOf,
  passOutboxGrace,
} from '@nomadswap/service-kit/testing';
import { createMessagingTestEnv, type MessagingTestEnv } from '../../test/support/messaging-test-env';
import { registerSettingsEventBuilder } from './publish-settings-events';

/*
 * The guard of each change with an event (issue 14's outbox): the events are stored before the write, and a
 * restarted process sends them only if the database shows the change. Killed after the write, each change is
 * announced; killed before it, none is — a guard that matched the database as it was would announce a swap step
 * or a flagged message that never happened, and one that did not match the change would lose its event.
 */
let env: MessagingTestEnv | undefined;
let restarted: EventBus | undefined;
afterEach(async () => {
  await restarted?.stop();
  await env?.close();
  restarted = env = undefined;
});

/** A requester and an owner with two items: one already requested (to accept), one to request. */
async function arrange(current: MessagingTestEnv) {
  const [requester, owner] = [await current.user(), await current.user()];
  const [requested, toRequest] = [
    await current.item({ ownerId: owner.id }),
    await current.item({ ownerId: owner.id }),
  ];
  const { body } = await request(current.app)
    .post('/api/exchanges')
    .set(requester.headers)
    .send({ itemId: requested })
    .expect(201);
  return { requester, owner, toRequest, exchangeId: (body as { id: string }).id };
}

/** The four changes with an event, each as a user makes it; each one's answer is not looked at here. */
async function change(current: MessagingTestEnv, users: Awaited<ReturnType<typeof arrange>>) {
  await request(current.app)
    .post('/api/messages')
    .set(users.requester.headers)
    .send({ receiverId: users.owner.id, content: 'Send a small deposit by PayPal and it is yours' });
  await request(current.app)
    .post('/api/exchanges')
    .set(users.requester.headers)
    .send({ itemId: users.toRequest });
  await request(current.app).post(`/api/exchanges/${users.exchangeId}/accept`).set(users.owner.headers);
  await request(current.app)
    .put('/api/messaging/settings')
    .set(users.owner.headers)
    .send({ readReceipts: false });
}

/** The restarted process (same database), once the grace has passed; emptied and stopped. */
async function restart(current: MessagingTestEnv): Promise<void> {
  restarted = current.stores.serviceBus('messaging');
  registerSettingsEventBuilder(restarted);
  await passOutboxGrace(current.ctx.mongo);
  await drainOutbox(restarted, current.ctx.mongo);
}

const stored = async (current: MessagingTestEnv) => ({
  messages: await current.ctx.messages.find({}).sort({ _id: 1 }).lean(),
  exchanges: await current.ctx.exchanges.find({}).sort({ _id: 1 }).lean(),
  settings: await current.ctx.settings.find({}).lean(),
});

describe("messaging: killed between storing a change's events and the write", () => {
  it('announces none of the four changes, and none happened', async () => {
    env = await createMessagingTestEnv();
    const users = await arrange(env);
    const before = await stored(env);
    const eventsBefore = await env.events();
    await killBeforeWrites(env.bus);

    await change(env, users);
    await restart(env);

    // The request's chat message is written before its exchange (it carries no event of its own): it is the one
    // thing stored, a card of a request that does not exist.
    const after = await stored(env);
    expect(after.exchanges).toEqual(before.exchanges);
    expect(after.settings).toEqual(before.settings);
    expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
    expect(after.messages.slice(before.messages.length)).toEqual([
      expect.objectContaining({
        exchangeId: expect.anything(),
        itemId: expect.anything(),
        safetyWarning: null,
      }),
    ]);
    expect(await env.events()).toEqual(eventsBefore);
  });

  it('killed after the write instead, the restarted process announces each of them', async () => {
    env = await createMessagingTestEnv();
    const users = await arrange(env);
    const eventsBefore = (await env.events()).length;
    await killAfterWrites(env.bus);

    await change(env, users);
    await restart(env);

    const announced = (await env.events()).slice(eventsBefore).map((event) => event.type);
    expect(announced.sort()).toEqual(
      ['exchange.accepted', 'exchange.requested', 'message.flagged', 'messaging.settings-updated'].sort(),
    );
  });

  it('the connection lost before a write answered: each change that was stored is announced', async () => {
    env = await createMessagingTestEnv();
    const users = await arrange(env);
    const eventsBefore = (await env.events()).length;
    const db = env.ctx.mongo.db!;
    // The message is written as a plain insert command; the exchanges through the driver's collection.
    const restore = [
      loseAnswersOf(db, 'command', (command) => {
        const insert = command as { insert?: string; documents?: { safetyWarning?: string | null }[] };
        return (
          insert.insert === env!.ctx.messages.collection.collectionName &&
          !!insert.documents?.[0]?.safetyWarning
        );
      }),
      loseAnswersOf(env.ctx.exchanges.collection, 'insertOne'),
      loseAnswersOf(env.ctx.exchanges.collection, 'findOneAndUpdate'),
    ];

    await change(env, users);
    for (const put of restore) put();
    await restart(env);

    const after = await stored(env);
    expect(after.messages.some((message) => message.safetyWarning === 'payment')).toBe(true);
    expect(after.exchanges.map((exchange) => exchange.status).sort()).toEqual(['accepted', 'proposed']);
    const announced = (await env.events()).slice(eventsBefore).map((event) => event.type);
    expect(announced.sort()).toEqual(
      ['exchange.accepted', 'exchange.requested', 'message.flagged', 'messaging.settings-updated'].sort(),
    );
  });
});
