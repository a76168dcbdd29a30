import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '@nomadswap/contracts/responses';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import { eventually } from '@nomadswap/service-kit/testing';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../test/support/messaging-test-env';
import { oid } from '../data/ids';
import { createOfflineNudge, NUDGE_INTERVAL_MS } from './nudge-offline-recipient';

let env: MessagingTestEnv;
let notifications: NotificationQueue;
/** The nudge of every message stored so far, as it runs (the send does not wait for its hooks). */
const nudges: Promise<unknown>[] = [];

beforeAll(async () => {
  env = await createMessagingTestEnv();
  notifications = createNotificationQueue({ redis: env.stores.redis, prefix: `${env.stores.keyPrefix}bull` });
  await notifications.ready();
  const nudge = createOfflineNudge(env.ctx, { notifications, publicUrl: 'https://nomadswap.example' });
  env.ctx.onMessageStored.push((message) => {
    const decided = nudge(message);
    nudges.push(decided);
    return decided;
  });
});
afterAll(async () => {
  await notifications.close();
  await env.close();
});

const send = (from: TestUser, to: TestUser, content: string) =>
  request(env.app).post('/api/messages').set(from.headers).send({ receiverId: to.id, content }).expect(201);

async function mailsTo(user: TestUser) {
  const jobs = await notifications.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.data.to === user.email).map((job) => job.data);
}
/**
 * Every stored message's nudge has run to its end (mail queued or not): nothing more will be queued for them, so
 * "no mail" is checked at once instead of after a wait.
 */
const settle = () => Promise.allSettled(nudges);

describe('offline e-mail nudge', () => {
  it('mails an offline receiver once per conversation per window, without the message text', async () => {
    const [ana, ben, cleo] = await Promise.all([
      env.user({ fullName: 'Ana Nomad' }),
      env.user({ fullName: 'Ben Rover' }),
      env.user({ fullName: 'Cleo' }),
    ]);
    await send(ana, ben, 'secret meeting point');
    await send(ana, ben, 'second');
    await send(ana, ben, 'third');
    const mails = await eventually(async () => {
      const found = await mailsTo(ben);
      return found.length ? found : null;
    });
    await settle();
    expect(await mailsTo(ben)).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ben.email, subject: 'New message from Ana Nomad' });
    expect(mails[0]!.text).toContain(`https://nomadswap.example/messages?user=${ana.id}`);
    expect(mails[0]!.text).not.toContain('secret meeting point');

    // Another conversation has its own window.
    await send(cleo, ben, 'hi');
    await eventually(async () => (await mailsTo(ben)).length === 2);
  });

  it("writes in the receiver's language from their profile (German here), and in English to one who chose none", async () => {
    const [ana, lena, tom] = await Promise.all([
      env.user({ fullName: 'Ana Nomad' }),
      env.user({ fullName: 'Lena Berg', language: 'de' }),
      env.user({ fullName: 'Tom Hill', language: null }),
    ]);
    await send(ana, lena, 'hallo');
    await send(ana, tom, 'hello');
    const [german] = await eventually(async () => {
      const found = await mailsTo(lena);
      return found.length ? found : null;
    });
    expect(german).toMatchObject({ to: lena.email, subject: 'Neue Nachricht von Ana Nomad' });
    expect(german!.text).toBe(
      'Hallo Lena Berg,\n\nAna Nomad hat dir auf NomadSwap eine Nachricht geschickt.\n\n' +
        `Zum Gespräch: https://nomadswap.example/messages?user=${ana.id}\n\n` +
        'Du kannst diese E-Mails in deinen Profileinstellungen abschalten.\nDein NomadSwap-Team\n',
    );
    const [english] = await eventually(async () => {
      const found = await mailsTo(tom);
      return found.length ? found : null;
    });
    expect(english).toMatchObject({ subject: 'New message from Ana Nomad' });
    expect(english!.text).toContain('Ana Nomad sent you a message on NomadSwap.');
  });

  it('includes the text only for a user who opted in', async () => {
    const [ana, ben] = await Promise.all([env.user({ fullName: 'Ana' }), env.user()]);
    await request(env.app)
      .put('/api/messaging/settings')
      .set(ben.headers)
      .send({ emailIncludesContent: true })
      .expect(200);
    await send(ana, ben, 'the tent is yours');
    const [mail] = await eventually(async () => {
      const found = await mailsTo(ben);
      return found.length ? found : null;
    });
    expect(mail!.text).toContain('"the tent is yours"');
  });

  it('mails nobody who is online or who turned e-mail notifications off', async () => {
    const [ana, online, optedOut] = await Promise.all([env.user(), env.user(), env.user()]);
    await env.ctx.presence.connected(online.id, 'socket-1');
    await request(env.app)
      .put('/api/messaging/settings')
      .set(optedOut.headers)
      .send({ emailNotifications: false })
      .expect(200);
    await send(ana, online, 'are you there?');
    await send(ana, optedOut, 'are you there?');
    await settle();
    expect(await mailsTo(online)).toEqual([]);
    expect(await mailsTo(optedOut)).toEqual([]);

    // Once the online user leaves, the next message mails them.
    await env.ctx.presence.disconnected(online.id, 'socket-1');
    await send(ana, online, 'now?');
    await eventually(async () => (await mailsTo(online)).length === 1);
  });
});

/*
 * What the nudge decides for one stored message, called directly (the sends above run it as a hook, whose answer
 * nobody reads): whether it mailed, and what it queued.
 */
describe('the nudge for one message', () => {
  let sequence = 0;
  const message = (from: TestUser, to: TestUser, sender?: { fullName: string }): Message =>
    ({
      id: `m${Date.now().toString(36)}${++sequence}`,
      senderId: from.id,
      receiverId: to.id,
      content: 'the tent is yours',
      ...(sender && { sender }),
    }) as unknown as Message;
  const nudgeWith = (options: { intervalMs?: number } = {}) => {
    const enqueue = vi.fn(async () => undefined);
    const nudge = createOfflineNudge(env.ctx, { notifications: { enqueue } as never, ...options });
    return { enqueue, nudge };
  };

  it('mails (true) an offline receiver once per window: the job named after the message, the window 30 min', async () => {
    const [ana, ben] = await Promise.all([env.user({ fullName: 'Ana' }), env.user()]);
    const { enqueue, nudge } = nudgeWith();
    const first = message(ana, ben, { fullName: 'Ana Nomad' });
    expect(await nudge(first, { receiverOnline: false } as never)).toBe(true);
    expect(enqueue).toHaveBeenCalledTimes(1);
    expect(enqueue).toHaveBeenCalledWith(
      expect.objectContaining({ to: ben.email, subject: 'New message from Ana Nomad' }),
      { jobId: `message-nudge-${first.id}` },
    );
    const ttl = await env.ctx.redis.pttl(`${env.ctx.keyPrefix}nudge:${ben.id}:${ana.id}`);
    // One e-mail per conversation per 30 minutes (decision 0023).
    expect(NUDGE_INTERVAL_MS).toBe(30 * 60 * 1000);
    expect(ttl).toBeGreaterThan(29 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000);
    // The window holds: a second message is not mailed (false).
    expect(await nudge(message(ana, ben), { receiverOnline: false } as never)).toBe(false);
    expect(enqueue).toHaveBeenCalledTimes(1);
  });

  it('names "A NomadSwap traveller" when the message carries no sender, and links nowhere without a public address', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const { enqueue, nudge } = nudgeWith();
    expect(await nudge(message(ana, ben), { receiverOnline: false } as never)).toBe(true);
    const [mail] = enqueue.mock.calls[0] as unknown as [{ subject: string; text: string }];
    expect(mail.subject).toBe('New message from A NomadSwap traveller');
    // Without the app's public address the mail has no link line at all.
    expect(mail.text).toBe(
      `Hi ${ben.fullName},\n\nA NomadSwap traveller sent you a message on NomadSwap.\n\n` +
        'You can turn these e-mails off in your profile settings.\nThe NomadSwap team\n',
    );
  });

  it('does not mail (false) a receiver online, by the send’s facts or else by presence', async () => {
    const [ana, ben] = await Promise.all([env.user(), env.user()]);
    const { enqueue, nudge } = nudgeWith();
    expect(await nudge(message(ana, ben), { receiverOnline: true } as never)).toBe(false);
    await env.ctx.presence.connected(ben.id, 'nudge-socket');
    expect(await nudge(message(ana, ben))).toBe(false);
    // The send's facts, when it has them, are what counts (read in the send's own round).
    expect(await nudge(message(ana, ben), { receiverOnline: false } as never)).toBe(true);
    await env.ctx.presence.disconnected(ben.id, 'nudge-socket');
    expect(enqueue).toHaveBeenCalledTimes(1);
  });

  it('does not mail (false) one who turned e-mails off, has no address known, or is deleted', async () => {
    const [ana, off, noAddress, deleted] = await Promise.all([
      env.user(),
      env.user(),
      env.user(),
      env.user(),
    ]);
    await request(env.app)
      .put('/api/messaging/settings')
      .set(off.headers)
      .send({ emailNotifications: false })
      .expect(200);
    await env.ctx.users.updateOne({ _id: oid(noAddress.id) }, { $unset: { email: 1 } });
    await env.ctx.users.updateOne({ _id: oid(deleted.id) }, { $set: { deleted: true } });
    const { enqueue, nudge } = nudgeWith();
    for (const to of [off, noAddress, deleted])
      expect(await nudge(message(ana, to), { receiverOnline: false } as never)).toBe(false);
    expect(enqueue).not.toHaveBeenCalled();
    // None of them took the window: a later message to one whose address is back is mailed.
    await env.ctx.users.updateOne({ _id: oid(noAddress.id) }, { $set: { email: noAddress.email } });
    expect(await nudge(message(ana, noAddress), { receiverOnline: false } as never)).toBe(true);
  });
});
