import request from 'supertest';
import webpush from 'web-push';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { PUSH_LIMITS } from '@nomadswap/contracts/push';
import type { Message } from '@nomadswap/contracts/responses';
import { PUSH_QUEUE, PUSH_TAG_INTERVAL_MS } from '@nomadswap/service-kit/push';
import { applyUserDeleted } from '../../domain/apply-user-events';
import { createOfflinePush } from '../../domain/push-offline-recipient';
import { deliverPush, PushRetryError } from '../../domain/deliver-push';
import { runPushJob, startPushWorker, webPushSender } from '../../jobs/push-sender';
import {
  connected,
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import { startLocalPushService, type LocalPushService } from '../../../test/support/push-service';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@nomadswap.example' };
let pushService: LocalPushService;
let env: MessagingTestEnv;
let worker: ReturnType<typeof startPushWorker>;
let events: QueueEvents;

beforeAll(async () => {
  pushService = await startLocalPushService();
  env = await createMessagingTestEnv({
    messagesPerMinute: 1_000,
    pushConfig: { vapid, allowedHosts: [pushService.host] },
  });
  env.ctx.onMessageStored.push(createOfflinePush(env.ctx));
  const prefix = `${env.stores.keyPrefix}bull`;
  worker = startPushWorker(env.ctx, {
    redisUrl: env.stores.redisUrl,
    prefix,
    logger: env.stores.logger,
    send: webPushSender(vapid),
  });
  const { hostname: host, port } = new URL(env.stores.redisUrl);
  events = new QueueEvents(PUSH_QUEUE, { connection: { host, port: Number(port) }, prefix });
  await events.waitUntilReady();
});
afterAll(async () => {
  await events?.close();
  await worker?.close();
  await env?.close();
  await pushService?.close();
});

const api = () => request(env.app);

/** A "browser" subscribed on the local push service and registered with us for `user`. */
async function device(user: TestUser) {
  const subscription = await pushService.subscribe(vapid.publicKey);
  await api()
    .post('/api/push/subscriptions')
    .set(user.headers)
    .send({ endpoint: subscription.endpoint, keys: subscription.keys })
    .expect(201);
  return subscription;
}

const endpointsOf = async (user: TestUser) =>
  (await env.ctx.pushSubscriptions.find({ userId: user.id }).lean()).map((row) => row.endpoint);

describe('/api/push', () => {
  it('serves the VAPID public key to anyone', async () => {
    const answer = await api().get('/api/push/key').expect(200);
    expect(answer.body).toEqual({ publicKey: vapid.publicKey });
  });

  it('without VAPID keys: the key and a new device answer 503 PUSH_NOT_CONFIGURED; turning a device off still works', async () => {
    const unkeyed = await createMessagingTestEnv();
    try {
      const kai = await unkeyed.user();
      const refused = { error: MSG.pushNotConfigured, code: 'PUSH_NOT_CONFIGURED' };
      const key = await request(unkeyed.app).get('/api/push/key');
      expect(key.status).toBe(503);
      expect(key.body).toMatchObject(refused);
      const subscription = await pushService.subscribe(vapid.publicKey);
      const added = await request(unkeyed.app)
        .post('/api/push/subscriptions')
        .set(kai.headers)
        .send({ endpoint: subscription.endpoint, keys: subscription.keys });
      expect(added.status).toBe(503);
      expect(added.body).toMatchObject(refused);
      expect(await unkeyed.ctx.pushSubscriptions.countDocuments({})).toBe(0);
      await request(unkeyed.app)
        .delete('/api/push/subscriptions')
        .set(kai.headers)
        .send({ endpoint: subscription.endpoint })
        .expect(204);
    } finally {
      await unkeyed.close();
    }
  });

  it('keeps one row per device, owned by whoever registered it last, and forgets it on DELETE', async () => {
    const [ana, kai] = await Promise.all([env.user(), env.user()]);
    const phone = await device(ana);
    await device(ana);
    expect(await endpointsOf(ana)).toContain(phone.endpoint);
    // The same browser signed in by Kai now notifies Kai only.
    await api()
      .post('/api/push/subscriptions')
      .set(kai.headers)
      .send({ endpoint: phone.endpoint, keys: phone.keys })
      .expect(201);
    expect(await endpointsOf(ana)).not.toContain(phone.endpoint);
    expect(await endpointsOf(kai)).toEqual([phone.endpoint]);
    // Ana cannot turn Kai's device off.
    await api()
      .delete('/api/push/subscriptions')
      .set(ana.headers)
      .send({ endpoint: phone.endpoint })
      .expect(204);
    expect(await endpointsOf(kai)).toEqual([phone.endpoint]);
    await api()
      .delete('/api/push/subscriptions')
      .set(kai.headers)
      .send({ endpoint: phone.endpoint })
      .expect(204);
    expect(await endpointsOf(kai)).toEqual([]);
  });

  it("a deleted user's devices are forgotten", async () => {
    const [ana, kai] = await Promise.all([env.user(), env.user()]);
    await Promise.all([device(ana), device(kai)]);
    await applyUserDeleted(env.ctx, { userId: ana.id });
    expect(await endpointsOf(ana)).toEqual([]);
    expect(await endpointsOf(kai)).toHaveLength(1);
  });

  it.each([
    ['a host outside the allow-list', 'https://evil.example/notify/1'],
    ['an internal address', 'http://127.0.0.1:6379/'],
    ['a browser push service over http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a browser push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('refuses an endpoint on %s with 400 PUSH_ENDPOINT_NOT_ALLOWED', async (_name, endpoint) => {
    const user = await env.user();
    const answer = await api()
      .post('/api/push/subscriptions')
      .set(user.headers)
      .send({ endpoint, keys: { p256dh: 'BNcR', auth: 'tBHI' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "This browser's push service is not supported",
      code: 'PUSH_ENDPOINT_NOT_ALLOWED',
      details: [{ field: 'endpoint', message: "This browser's push service is not supported" }],
    });
    expect(await endpointsOf(user)).toEqual([]);
  });

  it('accepts the browsers push services over https', async () => {
    const user = await env.user();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ]) {
      await api()
        .post('/api/push/subscriptions')
        .set(user.headers)
        .send({ endpoint, keys: { p256dh: 'BNcR', auth: 'tBHI' } })
        .expect(201);
    }
    expect(await endpointsOf(user)).toHaveLength(4);
  });

  it(`takes ${PUSH_LIMITS.devicesPerUser} devices per user and refuses one more with 409`, async () => {
    const user = await env.user();
    const register = (n: number) =>
      api()
        .post('/api/push/subscriptions')
        .set(user.headers)
        .send({
          endpoint: `https://fcm.googleapis.com/fcm/send/device-${n}`,
          keys: { p256dh: 'a', auth: 'b' },
        });
    for (let n = 1; n <= 10; n++) expect((await register(n)).body).toEqual({ subscribed: true });
    const past = await register(11);
    expect(past.status).toBe(409);
    expect(past.body).toEqual({
      error: 'Notifications are on for too many devices: turn them off on one you no longer use',
      code: 'PUSH_DEVICE_LIMIT',
    });
    // A device already registered may register again (new keys) at the cap.
    expect((await register(10)).status).toBe(201);
  });

  it('answers 401 without a token, 403 to unapproved users, and 400 to a body without keys', async () => {
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'a', auth: 'b' } };
    expect((await api().post('/api/push/subscriptions').send(body)).status).toBe(401);
    expect((await api().delete('/api/push/subscriptions').send(body)).status).toBe(401);
    const pending = await env.user({ isApproved: false });
    expect((await api().post('/api/push/subscriptions').set(pending.headers).send(body)).status).toBe(403);
    const user = await env.user();
    const bad = await api()
      .post('/api/push/subscriptions')
      .set(user.headers)
      .send({ endpoint: body.endpoint });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.details[0].field).toBe('keys');
  });
});

describe('pushes through a real push service', () => {
  it('a message to an offline user arrives encrypted and decrypts to who wrote and where to read it', async () => {
    const [ana, kai] = await Promise.all([env.user({ fullName: 'Ana Ribeiro' }), env.user()]);
    const phone = await device(kai);
    await api()
      .post('/api/messages')
      .set(ana.headers)
      .send({ receiverId: kai.id, content: 'Is the tent free?' });
    const [payload] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(payload!)).toEqual({
      title: 'NomadSwap',
      body: 'New message from Ana Ribeiro',
      url: `/messages?user=${ana.id}`,
      tag: `conversation-${ana.id}`,
    });
  });

  it("speaks the recipient's language: a German traveller reads who wrote in German", async () => {
    const [ana, kai] = await Promise.all([
      env.user({ fullName: 'Ana Ribeiro' }),
      env.user({ language: 'de' }),
    ]);
    const phone = await device(kai);
    await api()
      .post('/api/messages')
      .set(ana.headers)
      .send({ receiverId: kai.id, content: 'Ist das Zelt noch frei?' });
    const [message] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(message!)).toMatchObject({
      title: 'NomadSwap',
      body: 'Neue Nachricht von Ana Ribeiro',
    });
  });

  it('a swap request to a French owner reads in French', async () => {
    const [owner, requester] = await Promise.all([
      env.user({ language: 'fr' }),
      env.user({ fullName: 'Kai Suwan' }),
    ]);
    const phone = await device(owner);
    const itemId = await env.item({ ownerId: owner.id, title: 'Tente' });
    await api().post('/api/exchanges').set(requester.headers).send({ itemId }).expect(201);
    const [payload] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(payload!)).toMatchObject({
      title: 'Nouvelle demande d’échange',
      body: 'Kai Suwan aimerait «\u00a0Tente\u00a0»',
    });
  });

  it('carries the message text only when the recipient opted in to previews', async () => {
    const [ana, kai] = await Promise.all([env.user({ fullName: 'Ana Ribeiro' }), env.user()]);
    const phone = await device(kai);
    await api()
      .put('/api/messaging/settings')
      .set(kai.headers)
      .send({ pushIncludesContent: true })
      .expect(200);
    await api()
      .post('/api/messages')
      .set(ana.headers)
      .send({ receiverId: kai.id, content: 'Is the tent free?' });
    const [payload] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(payload!)).toMatchObject({ title: 'Ana Ribeiro', body: 'Is the tent free?' });
  });

  it('a swap request reaches the owner offline, tagged with the conversation', async () => {
    const [owner, requester] = await Promise.all([env.user(), env.user({ fullName: 'Kai Suwan' })]);
    const phone = await device(owner);
    const itemId = await env.item({ ownerId: owner.id, title: 'Tent' });
    await api().post('/api/exchanges').set(requester.headers).send({ itemId }).expect(201);
    const [payload] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(payload!)).toEqual({
      title: 'New swap request',
      body: 'Kai Suwan would like "Tent"',
      url: `/messages?user=${requester.id}`,
      tag: `conversation-${requester.id}`,
    });
  });

  it('an accepted request reaches the requester; an agreed meetup plans the reminder and the prompt as pushes', async () => {
    const [owner, requester] = await Promise.all([env.user({ fullName: 'Ana Ribeiro' }), env.user()]);
    const phone = await device(requester);
    const itemId = await env.item({ ownerId: owner.id, title: 'Tent' });
    const id = (await api().post('/api/exchanges').set(requester.headers).send({ itemId }).expect(201)).body
      .id;
    await api().post(`/api/exchanges/${id}/accept`).set(owner.headers).send({}).expect(200);
    const [accepted] = await pushService.waitFor(phone.clientHash, 1);
    expect(JSON.parse(accepted!)).toEqual({
      title: 'Swap accepted',
      body: 'Ana Ribeiro accepted your request for "Tent"',
      url: `/messages?user=${owner.id}`,
      tag: `conversation-${owner.id}`,
    });

    const at = new Date(Date.now() + 2 * 24 * 3_600_000);
    await api()
      .put(`/api/exchanges/${id}/meetup`)
      .set(requester.headers)
      .send({ at: at.toISOString(), place: 'Rossio station' })
      .expect(200);
    await api().post(`/api/exchanges/${id}/meetup/accept`).set(owner.headers).send({}).expect(200);
    const jobs = await env.ctx.push.queue.getJobs(['delayed', 'waiting', 'active', 'completed']);
    const ofExchange = jobs.filter(
      (job) => String(job.id).startsWith(`exchange-`) && String(job.id).includes(id),
    );
    const reminders = ofExchange.filter((job) => job.data.kind === 'reminders');
    expect(reminders.map((job) => [job.data.userId, job.data.title]).sort()).toEqual(
      [
        [owner.id, 'Did the swap happen?'],
        [owner.id, 'Meetup soon'],
        [requester.id, 'Did the swap happen?'],
        [requester.id, 'Meetup soon'],
      ].sort(),
    );
    const reminder = reminders.find(
      (job) => job.data.userId === requester.id && job.data.title === 'Meetup soon',
    )!;
    expect(reminder.opts.delay).toBeGreaterThan(2 * 24 * 3_600_000 - 2 * 3_600_000 - 60_000);
    expect(reminder.data.tag).toBe(`exchange-${id}-reminder`);
    // The requester proposed the meetup: they hear that it was agreed.
    expect(ofExchange.find((job) => job.data.title === 'Meetup agreed')?.data.userId).toBe(requester.id);

    // Cancelling removes the planned pushes.
    await api()
      .post(`/api/exchanges/${id}/cancel`)
      .set(owner.headers)
      .send({ reason: 'left town early' })
      .expect(200);
    expect(await env.ctx.push.queue.getJob(String(reminder.id))).toBeUndefined();
  });

  it('a subscription the push service answers 410 for is deleted', async () => {
    const [ana, kai] = await Promise.all([env.user(), env.user()]);
    const phone = await device(kai);
    await pushService.expire(phone.clientHash);
    const job = await env.ctx.push.queue.add('messages', {
      userId: kai.id,
      kind: 'messages',
      title: 'NomadSwap',
      body: 'New message from Ana',
      url: `/messages?user=${ana.id}`,
      tag: `conversation-${ana.id}`,
    });
    expect(await job.waitUntilFinished(events, 10_000)).toEqual({ sent: 0, removed: 1 });
    expect(await endpointsOf(kai)).toEqual([]);
  });

  it('nothing is pushed to a user with a connected socket', async () => {
    const [ana, kai] = await Promise.all([env.user(), env.user()]);
    await device(kai);
    const instance = await env.startInstance();
    const socket = env.connectClient(instance.url, kai.token);
    await connected(socket);
    const waiting = await env.ctx.push.queue.count();
    const pushed = await createOfflinePush(env.ctx)({
      id: '65a1b2c3d4e5f60718293a4b',
      senderId: ana.id,
      receiverId: kai.id,
      content: 'hi',
    } as Message);
    expect(pushed).toBe(false);
    expect(await env.ctx.push.queue.count()).toBe(waiting);
    socket.disconnect();
  });

  describe('a message to an offline receiver', () => {
    let next = 0;
    /** A message from `from` to `to` with a fresh id (its push's job id is `message-push-<id>`). */
    const message = (from: TestUser, to: string, extra: Partial<Message> = {}) =>
      ({
        id: `65a1b2c3d4e5f6071829${String(++next).padStart(4, '0')}`,
        senderId: from.id,
        receiverId: to,
        content: 'Is the tent still there?',
        sender: { fullName: from.fullName },
        ...extra,
      }) as Message;
    const pushOf = async (sent: Message) =>
      (await env.ctx.push.queue.getJob(`message-push-${sent.id}`))?.data;
    const offline = { receiverOnline: false };

    it("is pushed once per message, in the receiver's language, whoever calls it again", async () => {
      const [ana, kai] = await Promise.all([
        env.user({ fullName: 'Ana Ribeiro' }),
        env.user({ language: 'es' }),
      ]);
      await device(kai);
      const sent = message(ana, kai.id);
      const push = createOfflinePush(env.ctx);
      expect(await push(sent, offline)).toBe(true);
      // The send's hooks run again after a retry: the job id keeps it one push.
      expect(await push(sent, offline)).toBe(true);
      const jobs = await env.ctx.push.queue.getJobs(['delayed', 'waiting', 'active', 'completed']);
      expect(jobs.filter((job) => job.id === `message-push-${sent.id}`)).toHaveLength(1);
      expect(await pushOf(sent)).toEqual({
        userId: kai.id,
        kind: 'messages',
        title: 'NomadSwap',
        body: 'Nuevo mensaje de Ana Ribeiro',
        url: `/messages?user=${ana.id}`,
        tag: `conversation-${ana.id}`,
      });
    });

    it('reaches a receiver not projected yet, in English, and names an unknown sender "someone"', async () => {
      const [ana, kai] = await Promise.all([env.user(), env.user({ language: 'de' })]);
      await device(kai);
      await env.ctx.users.deleteOne({ _id: kai.id });
      const sent = message(ana, kai.id, { sender: undefined });
      expect(await createOfflinePush(env.ctx)(sent, offline)).toBe(true);
      expect(await pushOf(sent)).toMatchObject({
        title: 'NomadSwap',
        body: 'New message from A NomadSwap traveller',
      });
    });

    it("is not pushed without a device of the receiver's (another user's device does not count)", async () => {
      const [ana, kai, lea] = await Promise.all([env.user(), env.user(), env.user()]);
      await device(lea);
      const sent = message(ana, kai.id);
      expect(await createOfflinePush(env.ctx)(sent, offline)).toBe(false);
      expect(await pushOf(sent)).toBeUndefined();
    });

    it("is not pushed for a swap request's message (the request has its own push), nor by a server without VAPID keys", async () => {
      const [ana, kai] = await Promise.all([env.user(), env.user()]);
      await device(kai);
      const request = message(ana, kai.id, { exchangeId: '65a1b2c3d4e5f60718290000' });
      expect(await createOfflinePush(env.ctx)(request, offline)).toBe(false);
      expect(await pushOf(request)).toBeUndefined();
      const unkeyed = message(ana, kai.id);
      expect(await createOfflinePush({ ...env.ctx, pushConfig: undefined })(unkeyed, offline)).toBe(false);
      expect(await pushOf(unkeyed)).toBeUndefined();
      // The same message on a server with keys is pushed: the keys made the difference.
      expect(await createOfflinePush(env.ctx)(unkeyed, offline)).toBe(true);
      expect(await pushOf(unkeyed)).toBeDefined();
    });
  });
});

describe('deliverPush', () => {
  const job = (userId: string, tag: string) => ({
    userId,
    kind: 'messages' as const,
    title: 'NomadSwap',
    body: 'New message from Ana',
    url: '/messages?user=x',
    tag,
  });

  it('sends one push per conversation per 2 minutes: held at 1 ms before, sent again at the edge', async () => {
    const kai = await env.user();
    await device(kai);
    const start = Date.now();
    let at = start;
    const sent: string[] = [];
    const ctx = { ...env.ctx, now: () => new Date(at) };
    const send = async (subscription: { endpoint: string }) => void sent.push(subscription.endpoint);
    const deliver = (tag: string) => deliverPush(ctx, { job: job(kai.id, tag), retry: false, send });
    expect(await deliver('conversation-a')).toEqual({ sent: 1, removed: 0 });
    at = start + PUSH_TAG_INTERVAL_MS - 1;
    expect(await deliver('conversation-a')).toEqual({ sent: 0, removed: 0, skipped: 'too soon' });
    expect(await deliver('conversation-b')).toEqual({ sent: 1, removed: 0 });
    at = start + PUSH_TAG_INTERVAL_MS;
    expect(await deliver('conversation-a')).toEqual({ sent: 1, removed: 0 });
    expect(sent).toHaveLength(3);
  });

  it('a push the service refuses for good (400, 413) is dropped: no retry, the device kept; 404 and 410 forget it', async () => {
    for (const [status, outcome] of [
      [400, { sent: 0, removed: 0 }],
      [413, { sent: 0, removed: 0 }],
      [404, { sent: 0, removed: 1 }],
      [410, { sent: 0, removed: 1 }],
    ] as const) {
      const kai = await env.user();
      const phone = await device(kai);
      const refusing = async () => {
        throw Object.assign(new Error('refused'), { statusCode: status });
      };
      const result = await deliverPush(env.ctx, {
        job: job(kai.id, `refused-${status}`),
        retry: false,
        send: refusing,
      });
      expect(result, String(status)).toEqual(outcome);
      expect(await endpointsOf(kai), String(status)).toEqual(outcome.removed ? [] : [phone.endpoint]);
    }
  });

  it('asks for a retry on 429 and 5xx, and the retry serves only the devices still owed', async () => {
    const kai = await env.user();
    const [one, two] = [await device(kai), await device(kai)];
    const failing = async (subscription: { endpoint: string }) => {
      if (subscription.endpoint === two.endpoint) throw Object.assign(new Error('busy'), { statusCode: 503 });
    };
    const first = await deliverPush(env.ctx, {
      job: job(kai.id, 'retry'),
      retry: false,
      send: failing,
    }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(PushRetryError);
    expect((first as PushRetryError).failed).toEqual([two.endpoint]);
    const served = (first as PushRetryError).served;
    expect(served).toEqual([one.endpoint]);
    const sent: string[] = [];
    const retried = await deliverPush(env.ctx, {
      job: job(kai.id, 'retry'),
      retry: true,
      done: served,
      send: async (subscription) => void sent.push(subscription.endpoint),
    });
    expect(retried).toEqual({ sent: 1, removed: 0 });
    expect(sent).toEqual([two.endpoint]);
  });

  it.each([
    ['messages', 'pushMessages'],
    ['reminders', 'pushReminders'],
  ] as const)(
    'sends nothing of a kind the user switched off (%s), and again once it is on',
    async (kind, field) => {
      const kai = await env.user();
      await device(kai);
      await api()
        .put('/api/messaging/settings')
        .set(kai.headers)
        .send({ [field]: false })
        .expect(200);
      const sent: string[] = [];
      const deliver = () =>
        deliverPush(env.ctx, {
          job: { ...job(kai.id, `off-${kind}`), kind },
          retry: false,
          send: async (subscription) => void sent.push(subscription.endpoint),
        });
      expect((await deliver()).skipped).toBe('switched off');
      expect(sent).toEqual([]);
      await api()
        .put('/api/messaging/settings')
        .set(kai.headers)
        .send({ [field]: true })
        .expect(200);
      expect((await deliver()).sent).toBe(1);
      expect(sent).toHaveLength(1);
    },
  );
});

describe('runPushJob', () => {
  it('ends the jobs other services enqueued when this server has no VAPID keys', async () => {
    const kai = await env.user();
    await device(kai);
    const send = async () => {
      throw new Error('must not send');
    };
    const result = await runPushJob(
      { ...env.ctx, pushConfig: undefined },
      {
        data: {
          userId: kai.id,
          kind: 'reminders',
          title: 'Meetup soon',
          body: 'In 2 hours',
          url: '/',
          tag: 't',
        },
        attemptsMade: 0,
      },
      send,
    );
    expect(result).toEqual({ sent: 0, removed: 0, skipped: 'push off' });
  });

  it('keeps the devices already served on the job when it fails for a retry, and the retry skips them', async () => {
    const kai = await env.user();
    const [one, two] = [await device(kai), await device(kai)];
    let data: Record<string, unknown> = {
      userId: kai.id,
      kind: 'messages',
      title: 'NomadSwap',
      body: 'New message from Ana',
      url: '/messages?user=x',
      tag: 'run-retry',
    };
    const job = (attemptsMade: number) => ({
      data: data as never,
      attemptsMade,
      updateData: async (next: Record<string, unknown>) => void (data = next),
    });
    const sent: string[] = [];
    let refused = false;
    const flaky = async (subscription: { endpoint: string }) => {
      if (subscription.endpoint === two.endpoint && !refused) {
        refused = true;
        throw Object.assign(new Error('slow down'), { statusCode: 429 });
      }
      sent.push(subscription.endpoint);
    };
    await expect(runPushJob(env.ctx, job(0), flaky)).rejects.toBeInstanceOf(PushRetryError);
    expect(data.done).toEqual([one.endpoint]);
    expect(await runPushJob(env.ctx, job(1), flaky)).toEqual({ sent: 1, removed: 0 });
    expect(sent).toEqual([one.endpoint, two.endpoint]);
  });
});
