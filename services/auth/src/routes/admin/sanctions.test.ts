import fs from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SanctionSchema } from '@nomadswap/contracts/sanctions';
import { eventually } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildAdmin, buildUser, type TestUser } from '../../../test/support/factories';

const DAY = 24 * 60 * 60 * 1000;
let offset = 0;
const now = () => new Date(Date.now() + offset);

let env: AuthTestEnv;
let admin: TestUser;
beforeAll(async () => {
  env = await createAuthTestEnv({ now });
  admin = await buildAdmin(env, { fullName: 'Ada Admin' });
});
afterAll(() => env.close());

const sanctions = (userId: string) => `/api/admin/users/${userId}/sanctions`;
const post = (userId: string, body: object, as: TestUser = admin) =>
  request(env.app).post(sanctions(userId)).set(as.headers).send(body);
const login = (user: TestUser) =>
  request(env.app).post('/api/auth/login').send({ email: user.email, password: user.password });

async function mailTo(email: string, subject: string): Promise<string> {
  return eventually(async () => {
    const files = await fs.readdir(env.outboxDir).catch(() => []);
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const text = await fs.readFile(path.join(env.outboxDir, file), 'utf8');
      if (text.includes(`To: ${email}`) && text.includes(`Subject: ${subject}`)) return text;
    }
    return undefined;
  });
}

describe('who may sanction', () => {
  it('answers 401 to visitors and 403 Admin Access Required to users, on all three routes', async () => {
    const [user, target] = await Promise.all([buildUser(env), buildUser(env)]);
    const calls = [
      (as?: TestUser) =>
        request(env.app)
          .post(sanctions(target.id))
          .set(as?.headers ?? {})
          .send({ type: 'warn', reason: 'Be nice please' }),
      (as?: TestUser) =>
        request(env.app)
          .get(sanctions(target.id))
          .set(as?.headers ?? {}),
      (as?: TestUser) =>
        request(env.app)
          .delete(`${sanctions(target.id)}/current`)
          .set(as?.headers ?? {}),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const forbidden = await call(user);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ error: 'Admin Access Required', code: 'FORBIDDEN' });
    }
    expect(
      await env.models.sanctions.countDocuments({ userId: new mongoose.Types.ObjectId(target.id) }),
    ).toBe(0);
  });

  it('refuses the admin sanctioning themself and any other admin with 403, storing nothing', async () => {
    const other = await buildAdmin(env);
    const self = await post(admin.id, { type: 'suspend', reason: 'Testing myself' });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({
      error: 'You cannot sanction your own account',
      code: 'CANNOT_SANCTION_SELF',
    });
    const peer = await post(other.id, { type: 'warn', reason: 'Testing a peer' });
    expect(peer.status).toBe(403);
    expect(peer.body).toEqual({ error: 'Admins cannot be sanctioned', code: 'CANNOT_SANCTION_ADMIN' });
    expect(await env.models.sanctions.countDocuments({})).toBe(0);
  });

  it('answers 404 User Not Found for an unknown user and 400 for a malformed id', async () => {
    const unknown = new mongoose.Types.ObjectId().toHexString();
    for (const res of [
      await post(unknown, { type: 'warn', reason: 'Nobody is here' }),
      await request(env.app).get(sanctions(unknown)).set(admin.headers),
      await request(env.app)
        .delete(`${sanctions(unknown)}/current`)
        .set(admin.headers),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'User Not Found', code: 'NOT_FOUND' });
    }
    expect((await post('nope', { type: 'warn', reason: 'Malformed id' })).status).toBe(400);
  });
});

describe('POST /api/admin/users/:id/sanctions validation', () => {
  it.each([
    [{ type: 'ban', reason: 'Spam again' }, 'type', 'Type must be warn, restrict or suspend'],
    [{ type: 'warn', days: 3, reason: 'Spam again' }, 'days', 'A warning has no duration'],
    [
      { type: 'restrict', days: 1.5, reason: 'Spam again' },
      'days',
      'Days must be a whole number from 1 to 365',
    ],
    [
      { type: 'restrict', days: '7', reason: 'Spam again' },
      'days',
      'Days must be a whole number from 1 to 365',
    ],
    [{ type: 'restrict', days: 7 }, 'reason', 'Reason must be at least 5 characters'],
    [{ type: 'suspend', reason: '    x    ' }, 'reason', 'Reason must be at least 5 characters'],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const user = await buildUser(env);
    const res = await post(user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: message,
      code: 'VALIDATION_ERROR',
      details: [{ field, message }],
    });
  });
});

describe('sanctions and their history', () => {
  it('a warning is stored, announced, audited and e-mailed; the user sees it on their next visit', async () => {
    const user = await buildUser(env, { fullName: 'Warned Wanda' });
    const res = await post(user.id, { type: 'warn', reason: 'Please describe items honestly' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sanction = SanctionSchema.parse(res.body);
    expect(sanction).toMatchObject({
      type: 'warn',
      days: null,
      endsAt: null,
      active: false,
      admin: { id: admin.id, fullName: 'Ada Admin' },
    });
    const me = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(me.body.warning).toEqual({
      id: sanction.id,
      reason: 'Please describe items honestly',
      at: sanction.startsAt,
    });
    expect(me.body.sanction).toBeNull();
    // A warning takes nothing away.
    expect((await login(user)).status).toBe(200);
    const [event] = (await env.events('user.sanctioned')).filter((e) => e.data.userId === user.id);
    expect(event?.data).toMatchObject({ id: sanction.id, type: 'warn', adminId: admin.id, endsAt: null });
    const audit = (await env.events('admin.action')).find((e) => e.data.target.id === user.id);
    expect(audit?.data).toMatchObject({
      action: 'user.sanctioned',
      actorId: admin.id,
      after: { type: 'warn' },
    });
    const mail = await mailTo(user.email, 'A warning from NomadSwap moderators');
    expect(mail).toContain('Please describe items honestly');
  });

  it('a suspension refuses sign-in and the tokens held with 403 ACCOUNT_SUSPENDED, the reason and the end', async () => {
    const user = await buildUser(env);
    const res = await post(user.id, { type: 'suspend', days: 3, reason: 'Repeated no-shows' });
    expect(res.status).toBe(201);
    const endsAt = new Date(new Date(res.body.startsAt).getTime() + 3 * DAY).toISOString();
    expect(res.body).toMatchObject({ type: 'suspend', days: 3, endsAt, active: true });
    const expected = {
      error: 'Your account is suspended',
      code: 'ACCOUNT_SUSPENDED',
      sanction: { type: 'suspend', reason: 'Repeated no-shows', endsAt },
    };
    const signIn = await login(user);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual(expected);
    const held = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(held.status).toBe(403);
    expect(held.body).toEqual(expected);
    // A wrong password learns nothing about the suspension.
    const wrong = await request(env.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'wrong one!' });
    expect(wrong.status).toBe(401);
    await mailTo(user.email, 'Your NomadSwap account is suspended');
  });

  it('a suspension ends by itself at its end time (the clock), one millisecond before it still holds', async () => {
    const user = await buildUser(env);
    const res = await post(user.id, { type: 'suspend', days: 1, reason: 'Cooling off please' });
    const ends = new Date(res.body.endsAt).getTime();
    try {
      offset = ends - Date.now() - 1_000;
      expect((await login(user)).status).toBe(403);
      offset = ends - Date.now() + 1;
      expect((await login(user)).status).toBe(200);
      const history = await request(env.app).get(sanctions(user.id)).set(admin.headers);
      expect(history.body[0]).toMatchObject({ id: res.body.id, active: false, liftedAt: null });
      // Nothing in force: nothing to lift.
      const lift = await request(env.app)
        .delete(`${sanctions(user.id)}/current`)
        .set(admin.headers);
      expect(lift.status).toBe(404);
      expect(lift.body).toEqual({
        error: 'This user has no current restriction or suspension',
        code: 'NO_CURRENT_SANCTION',
      });
    } finally {
      offset = 0;
    }
  });

  it('a suspension for good has no end; lifting it lets the user in again and is announced and audited', async () => {
    const user = await buildUser(env);
    const res = await post(user.id, { type: 'suspend', reason: 'Scamming other travellers' });
    expect(res.body).toMatchObject({ days: null, endsAt: null, active: true });
    expect((await login(user)).body.sanction).toEqual({
      type: 'suspend',
      reason: 'Scamming other travellers',
      endsAt: null,
    });
    const lift = await request(env.app)
      .delete(`${sanctions(user.id)}/current`)
      .set(admin.headers);
    expect(lift.status).toBe(204);
    expect((await login(user)).status).toBe(200);
    expect((await request(env.app).get('/api/auth/me').set(user.headers)).status).toBe(200);
    const lifted = (await env.events('user.sanction-lifted')).find((e) => e.data.userId === user.id);
    expect(lifted?.data).toMatchObject({ id: res.body.id, type: 'suspend', adminId: admin.id });
    const audit = (await env.events('admin.action')).filter((e) => e.data.target.id === user.id);
    expect(audit.map((e) => e.data.action)).toEqual(['user.sanctioned', 'user.sanction_lifted']);
    // A second lift finds nothing.
    expect(
      (
        await request(env.app)
          .delete(`${sanctions(user.id)}/current`)
          .set(admin.headers)
      ).status,
    ).toBe(404);
  });

  it('the history lists every sanction newest first with the admins who gave and lifted them', async () => {
    const user = await buildUser(env);
    await post(user.id, { type: 'warn', reason: 'First: rude messages' });
    offset = 1_000;
    await post(user.id, { type: 'restrict', days: 7, reason: 'Second: rude again' });
    offset = 2_000;
    await request(env.app)
      .delete(`${sanctions(user.id)}/current`)
      .set(admin.headers);
    await post(user.id, { type: 'restrict', days: 30, reason: 'Third: still rude' });
    offset = 0;
    const res = await request(env.app).get(sanctions(user.id)).set(admin.headers);
    expect(res.status).toBe(200);
    const history = SanctionSchema.array().parse(res.body);
    expect(history.map((s) => [s.type, s.reason, s.active])).toEqual([
      ['restrict', 'Third: still rude', true],
      ['restrict', 'Second: rude again', false],
      ['warn', 'First: rude messages', false],
    ]);
    expect(history[1]).toMatchObject({ liftedBy: { id: admin.id, fullName: 'Ada Admin' } });
    expect(history[1]!.liftedAt).not.toBeNull();
    const me = await request(env.app).get('/api/auth/me').set(user.headers);
    expect(me.status).toBe(200);
    expect(me.body.sanction).toMatchObject({
      id: history[0]!.id,
      type: 'restrict',
      reason: 'Third: still rude',
    });
  });
});
