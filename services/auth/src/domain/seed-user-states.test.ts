import { newId } from '../data/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildAdmin, buildUser } from '../../test/support/factories';
import { seedUserStates } from './seed-user-states';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
});
afterAll(() => env.close());

describe('seedUserStates', () => {
  it('restores lost and stale states from the database and removes states of users that no longer exist', async () => {
    const pending = await buildUser(env, { isApproved: false });
    const admin = await buildAdmin(env);
    const approved = await buildUser(env);
    await env.ctx.userState.delete(pending.id); // lost in a Redis restart
    await env.ctx.userState.set(approved.id, { role: 'admin', isApproved: true }); // stale
    const ghost = newId().toHexString();
    await env.ctx.userState.set(ghost, { role: 'user', isApproved: true }); // deleted user restored from a backup

    const outcome = await seedUserStates(env.ctx);

    expect(outcome).toEqual({ seeded: 3, removed: 1 });
    expect(await env.ctx.userState.get(pending.id)).toEqual({ role: 'user', isApproved: false });
    expect(await env.ctx.userState.get(admin.id)).toEqual({ role: 'admin', isApproved: true });
    expect(await env.ctx.userState.get(approved.id)).toEqual({ role: 'user', isApproved: true });
    expect(await env.ctx.userState.get(ghost)).toBeNull();
  });
});
