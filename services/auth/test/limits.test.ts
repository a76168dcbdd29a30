import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLimitRows, type LimitSender } from '@nomadswap/service-kit/testing-limits';
import { UPLOAD_LIMIT } from '@nomadswap/contracts/limits.test-table';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { createAuthTestEnv, type AuthTestEnv } from './support/auth-test-env';
import { buildAdmin, buildRegistration, buildUser } from './support/factories';

let env: AuthTestEnv;
beforeAll(async () => {
  // No avatar worker, and no waiting for one: the limits are checked before the photo is processed.
  env = await createAuthTestEnv({ workers: false, settings: { avatarWaitMs: 0 } });
});
afterAll(() => env.close());

const api = () => request(env.app);

/** How each route of the table is called with the row's field set to `value` (the rest valid). */
const send: Record<string, LimitSender> = {
  'POST /api/auth/register': (row, value) =>
    api()
      .post('/api/auth/register')
      .send(buildRegistration({ [row.field]: value })),
  async 'POST /api/auth/login'(_row, value) {
    // A user whose password is the value itself, so the boundary signs in.
    const user = await buildUser(env, { password: value ? String(value) : 'correct horse battery' });
    return api().post('/api/auth/login').send({ email: user.email, password: value });
  },
  async 'PUT /api/users/:id'(row, value) {
    const user = await buildUser(env);
    const profile = { fullName: 'Ana Nomad', location: 'Lisbon', bio: 'Hello' };
    // A stay's last day is at most a year ahead of the server's clock: a month from now; the next city the
    // day after.
    const day = (days: number) =>
      new Date(env.ctx.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const stay = { location: 'Lisbon', until: day(30) };
    const field = { ...row.valid, [row.field]: value };
    const bodies: Record<string, object> = {
      stay: { ...profile, stay: { ...field, until: stay.until } },
      'stay.next': { ...profile, stay: { ...stay, next: { ...field, from: day(31) } } },
    };
    const body = row.within ? bodies[row.within] : { ...profile, [row.field]: value };
    if (!body) throw new Error(`no body for rows within ${row.within}`);
    return api().put(`/api/users/${user.id}`).set(user.headers).send(body);
  },
  async 'PUT /api/admin/users/:id/swap-count'(row, value) {
    const [admin, user] = await Promise.all([buildAdmin(env), buildUser(env)]);
    return api()
      .put(`/api/admin/users/${user.id}/swap-count`)
      .set(admin.headers)
      .send({ [row.field]: value });
  },
  async 'POST /api/admin/users/:id/sanctions'(row, value) {
    const [admin, user] = await Promise.all([buildAdmin(env), buildUser(env)]);
    return api()
      .post(`/api/admin/users/${user.id}/sanctions`)
      .set(admin.headers)
      .send({ ...row.valid, [row.field]: value });
  },
};

describeLimitRows('auth', { send });

describe('uploads', () => {
  it('takes a profile photo of exactly 10 MB decoded and refuses one byte more with 413 File too large', async () => {
    const photo = await png();
    const padded = (size: number) => Buffer.concat([photo, Buffer.alloc(size - photo.length)]);
    const at = await api()
      .post('/api/auth/register')
      .send(buildRegistration({ avatar: toDataUrl(padded(UPLOAD_LIMIT.at)) }));
    expect(at.status, JSON.stringify(at.body)).toBe(201);
    const past = await api()
      .post('/api/auth/register')
      .send(buildRegistration({ avatar: toDataUrl(padded(UPLOAD_LIMIT.past)) }));
    expect(past.status).toBe(UPLOAD_LIMIT.status);
    expect(past.body).toEqual({
      error: UPLOAD_LIMIT.message,
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'avatar', message: UPLOAD_LIMIT.message }],
    });
  });
});
