import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGING_SETTINGS } from '@nomadswap/contracts/messaging';
import {
  createMessagingTestEnv,
  type MessagingTestEnv,
  type TestUser,
} from '../../../test/support/messaging-test-env';

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

  it('publishes the kinds switched off by e-mail when an e-mail switch changes (items e-mails alerts and reminders), nothing for other changes', async () => {
    const user = await env.user();
    const mine = async () =>
      (await env.events('messaging.settings-updated')).filter((event) => event.data.userId === user.id);
    await api().put('/api/messaging/settings').set(user.headers).send({ pushAlerts: false }).expect(200);
    expect(await mine()).toEqual([]);
    await api()
      .put('/api/messaging/settings')
      .set(user.headers)
      .send({ emailAlerts: false, emailNotifications: false })
      .expect(200);
    await api().put('/api/messaging/settings').set(user.headers).send({ emailAlerts: true }).expect(200);
    expect((await mine()).map((event) => event.data.emailOff)).toEqual([
      ['messages', 'alerts'],
      ['messages'],
    ]);
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
