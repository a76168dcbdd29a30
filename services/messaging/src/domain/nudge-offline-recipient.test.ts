import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import { eventually } from '@nomadswap/service-kit/testing';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../test/support/messaging-test-env';
import { createOfflineNudge } from './nudge-offline-recipient';

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
