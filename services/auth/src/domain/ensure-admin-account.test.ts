import { newId } from '../data/ids';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser } from '../../test/support/factories';
import { ensureAdminAccount } from './ensure-admin-account';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
});
afterAll(() => env.close());

const login = (email: string, password: string) =>
  request(env.app).post('/api/auth/login').send({ email, password });

describe('ensureAdminAccount', () => {
  it('creates the admin once (approved, role admin, username admin), announces it, and is idempotent', async () => {
    const props = { email: 'Boss@NomadSwap.example', password: 'first-admin-pass' };
    expect(await ensureAdminAccount(env.ctx, props)).toBe('created');
    expect(await ensureAdminAccount(env.ctx, props)).toBe('unchanged');

    const admins = await env.models.users.find({ email: 'boss@nomadswap.example' }).lean();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ username: 'admin', role: 'admin', isApproved: true, version: 1 });
    const id = admins[0]!._id.toHexString();
    expect(await env.ctx.userState.get(id)).toEqual({ role: 'admin', isApproved: true });
    expect((await env.events('user.registered')).filter((e) => e.data.id === id)).toHaveLength(1);

    const res = await login('boss@nomadswap.example', 'first-admin-pass');
    expect(res.status).toBe(200);
    const pending = await request(env.app)
      .get('/api/admin/pending-users')
      .set('Authorization', `Bearer ${res.body.token as string}`);
    expect(pending.status).toBe(200);
  });

  it('resets the password when ADMIN_PASSWORD changed, and publishes user.updated', async () => {
    const email = 'reset@nomadswap.example';
    await ensureAdminAccount(env.ctx, { email, password: 'old-password' });
    expect(await ensureAdminAccount(env.ctx, { email, password: 'new-password' })).toBe('updated');
    expect((await login(email, 'old-password')).status).toBe(401);
    expect((await login(email, 'new-password')).status).toBe(200);
    const user = await env.models.users.findOne({ email }).lean();
    expect(user?.version).toBe(2);
    expect(
      (await env.events('user.updated')).filter((e) => e.data.id === user!._id.toHexString()),
    ).toHaveLength(1);
  });

  it('refuses to start when a non-admin account holds that e-mail, and leaves the account as it was', async () => {
    const existing = await buildUser(env, { isApproved: false });
    const events = (await env.events('user.updated')).length;
    const outcome = ensureAdminAccount(env.ctx, { email: existing.email, password: 'configured-admin-pass' });
    await expect(outcome).rejects.toThrow(
      `ADMIN_EMAIL ${existing.email} belongs to an existing account (@${existing.username}) that is not an admin`,
    );
    const user = await env.models.users.findById(existing.id).lean();
    expect(user).toMatchObject({ role: 'user', isApproved: false, version: 1 });
    expect(await env.ctx.userState.get(existing.id)).toEqual({ role: 'user', isApproved: false });
    expect(await env.events('user.updated')).toHaveLength(events);
    expect((await login(existing.email, 'configured-admin-pass')).status).toBe(401);
    expect((await login(existing.email, existing.password)).status).toBe(200);
  });

  it('a second configured admin gets a free username (admin2…) when "admin" is taken', async () => {
    await ensureAdminAccount(env.ctx, { email: 'first@nomadswap.example', password: 'first-pass' });
    await ensureAdminAccount(env.ctx, { email: 'second@nomadswap.example', password: 'another-pass' });
    expect((await env.models.users.findOne({ email: 'second@nomadswap.example' }).lean())?.username).toMatch(
      /^admin\d+$/,
    );
  });

  it('two starts at once still leave exactly one admin account', async () => {
    const props = { email: 'race@nomadswap.example', password: 'race-admin-pass' };
    const outcomes = await Promise.all([
      ensureAdminAccount(env.ctx, props),
      ensureAdminAccount(env.ctx, props),
    ]);
    expect(outcomes).toContain('created');
    expect(await env.models.users.countDocuments({ email: props.email })).toBe(1);
    expect(await env.models.users.exists({ _id: newId() })).toBeNull();
  });
});
