import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '@nomadswap/service-kit/events';
import { drainOutbox, killAfterWrites, passOutboxGrace } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildAdmin, buildUser } from '../../test/support/factories';
import { registerUserEventBuilders } from './publish-user-events';

// Issue 14 fix 6: a creation's or an update's event survives the process being killed between the write and
// the publish — the restarted process's relay announces it, built from the user as stored.
let env: AuthTestEnv;
let restarted: EventBus | undefined;

beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
});
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

describe('auth: killed between the write and the publish', () => {
  it('an approval is announced once (user.approved with the stored state, and its audit entry) by the restarted process', async () => {
    const admin = await buildAdmin(env);
    const pending = await buildUser(env, { isApproved: false });
    await killAfterWrites(env.bus);

    const res = await request(env.app).post(`/api/admin/approve-user/${pending.id}`).set(admin.headers);
    expect(res.status).toBe(500); // the process "died" right after the write
    const stored = await env.models.users.findById(pending.id).lean();
    expect(stored?.isApproved).toBe(true);
    expect(await env.events('user.approved')).toEqual([]);

    // The restarted process (same database), once the grace has passed.
    restarted = env.stores.serviceBus('auth');
    registerUserEventBuilders(restarted);
    await passOutboxGrace(env.ctx.mongo);
    // Emptied and stopped: nothing can send it again, so what is on the stream now is all there will be.
    await drainOutbox(restarted, env.ctx.mongo);
    const approved = await env.events('user.approved');
    expect(approved.map((event) => event.data)).toEqual([
      expect.objectContaining({ id: pending.id, isApproved: true, version: stored!.version }),
    ]);
    const audit = await env.events('admin.action');
    expect(audit.map((event) => event.data)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.approved',
        target: { type: 'user', id: pending.id },
      }),
    ]);
  });
});
