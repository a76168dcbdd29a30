import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGING_SETTINGS } from '@nomadswap/contracts/messaging';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';
import { announceUnversionedSettings } from '../../domain/update-messaging-settings';

let env: MessagingTestEnv;
let pending: TestUser;
beforeAll(async () => {
  env = await createMessagingTestEnv();
  pending = await env.user({ isApproved: false });
});
afterAll(() => env.close());

const api = () => request(env.app);

describe('/api/messaging/settings', () => {
  it('starts with receipts and e-mails on, message text off, and keeps what the user changes', async () => {
    const user = await env.user();
    const initial = await api().get('/api/messaging/settings').set(user.headers);
    expect(initial.status).toBe(200);
    // The defaults' values are pinned in contracts (schema-details.test.ts); the server answers exactly them.
    expect(initial.body).toEqual(DEFAULT_MESSAGING_SETTINGS);
    const put = await api()
      .put('/api/messaging/settings')
      .set(user.headers)
      .send({ emailNotifications: false });
    expect(put.body).toEqual({ ...initial.body, emailNotifications: false });
    const push = await api()
      .put('/api/messaging/settings')
      .set(user.headers)
      .send({ pushSwaps: false, pushIncludesContent: true });
    expect(push.body).toEqual({
      ...initial.body,
      emailNotifications: false,
      pushSwaps: false,
      pushIncludesContent: true,
    });
    const after = await api().get('/api/messaging/settings').set(user.headers);
    expect(after.body.emailNotifications).toBe(false);
    const other = await env.user();
    expect((await api().get('/api/messaging/settings').set(other.headers)).body.emailNotifications).toBe(
      true,
    );
  });

  it('announces every change with a growing version (items keeps the reminder switches); a refused change announces nothing', async () => {
    const user = await env.user();
    const mine = async () =>
      (await env.events('messaging.settings-updated')).filter((event) => event.data.userId === user.id);
    await api().put('/api/messaging/settings').set(user.headers).send({ emailReminders: false }).expect(200);
    await api().put('/api/messaging/settings').set(user.headers).send({ pushReminders: false }).expect(200);
    await api().put('/api/messaging/settings').set(user.headers).send({ emailReminders: 'no' }).expect(400);
    expect((await mine()).map((event) => event.data)).toEqual([
      { userId: user.id, version: 1, settings: { ...DEFAULT_MESSAGING_SETTINGS, emailReminders: false } },
      {
        userId: user.id,
        version: 2,
        settings: { ...DEFAULT_MESSAGING_SETTINGS, emailReminders: false, pushReminders: false },
      },
    ]);
  });

  it('announces, once, the settings users changed before changes were announced (no version yet), and no others', async () => {
    const [first, second, versioned] = await Promise.all([env.user(), env.user(), env.user()]);
    for (const user of [first, second])
      await env.ctx.settings.collection.insertOne({
        _id: new mongoose.Types.ObjectId(user.id),
        ...DEFAULT_MESSAGING_SETTINGS,
        emailReminders: false,
      });
    await api().put('/api/messaging/settings').set(versioned.headers).send({ pushSwaps: false }).expect(200);
    await api().put('/api/messaging/settings').set(versioned.headers).send({ pushSwaps: true }).expect(200);
    const eventsOf = async (user: TestUser) =>
      (await env.events('messaging.settings-updated')).filter((event) => event.data.userId === user.id);

    // Two replicas starting together: between them, each unversioned record announced once.
    const announced = await Promise.all([
      announceUnversionedSettings(env.ctx),
      announceUnversionedSettings(env.ctx),
    ]);
    expect(announced[0] + announced[1]).toBe(2);
    expect(await announceUnversionedSettings(env.ctx)).toBe(0);
    for (const user of [first, second])
      expect((await eventsOf(user)).map((event) => event.data)).toEqual([
        { userId: user.id, version: 1, settings: { ...DEFAULT_MESSAGING_SETTINGS, emailReminders: false } },
      ]);
    // The versioned record keeps its version and its two events.
    expect((await eventsOf(versioned)).map((event) => event.data.version)).toEqual([1, 2]);
    const stored = await env.ctx.settings.collection.findOne({
      _id: new mongoose.Types.ObjectId(versioned.id),
    });
    expect(stored?.version).toBe(2);
  });

  it('a first change stores every setting, the defaults with it', async () => {
    const user = await env.user();
    await api().put('/api/messaging/settings').set(user.headers).send({ readReceipts: false }).expect(200);
    const record = await env.ctx.settings.collection.findOne({ _id: new mongoose.Types.ObjectId(user.id) });
    const { _id, version, ...stored } = record!;
    expect([String(_id), version]).toEqual([user.id, 1]);
    expect(stored).toEqual({ ...DEFAULT_MESSAGING_SETTINGS, readReceipts: false });
  });

  it('refuses unknown fields and wrong types with 400', async () => {
    const user = await env.user();
    const unknown = await api().put('/api/messaging/settings').set(user.headers).send({ isApproved: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    const wrong = await api().put('/api/messaging/settings').set(user.headers).send({ readReceipts: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('readReceipts');
  });

  it('answers 401 to visitors and 403 to unapproved users; admins have their own settings', async () => {
    expect((await api().get('/api/messaging/settings')).status).toBe(401);
    expect((await api().put('/api/messaging/settings').send({ readReceipts: false })).status).toBe(401);
    expect((await api().get('/api/messaging/settings').set(pending.headers)).status).toBe(403);
    const admin = await env.user({ role: 'admin' });
    expect((await api().get('/api/messaging/settings').set(admin.headers)).status).toBe(200);
  });
});
