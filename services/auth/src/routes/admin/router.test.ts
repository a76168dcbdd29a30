import fs from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSelfSchema } from '@nomadswap/contracts/responses';
import { eventually } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildAdmin, buildUser, type TestUser } from '../../../test/support/factories';

let env: AuthTestEnv;
let admin: TestUser;
beforeAll(async () => {
  env = await createAuthTestEnv();
  admin = await buildAdmin(env);
});
afterAll(() => env.close());

const unknownId = () => new mongoose.Types.ObjectId().toHexString();
const oid = (id: string) => new mongoose.Types.ObjectId(id);

describe('admin access', () => {
  const endpoints = (id: string) =>
    [
      ['get', '/api/admin/pending-users'],
      ['get', '/api/admin/all-users'],
      ['get', `/api/admin/users/${id}`],
      ['post', `/api/admin/approve-user/${id}`],
      ['delete', `/api/admin/users/${id}`],
      ['put', `/api/admin/users/${id}/swap-count`],
    ] as const;

  it('answers 401 without a token and 403 Admin Access Required to approved non-admins, changing nothing', async () => {
    const user = await buildUser(env);
    const target = await buildUser(env, { isApproved: false });
    for (const [method, url] of endpoints(target.id)) {
      const anonymous = await request(env.app)[method](url).send({ reviewCount: 3 });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const forbidden = await request(env.app)[method](url).set(user.headers).send({ reviewCount: 3 });
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body).toEqual({ error: 'Admin Access Required', code: 'FORBIDDEN' });
    }
    expect(await env.models.users.findById(target.id).lean()).toMatchObject({
      isApproved: false,
      reviewCount: 0,
    });
  });

  it('answers 400 for malformed ids and 404 User Not Found for unknown ones', async () => {
    for (const [method, url] of endpoints('nope').slice(2)) {
      const res = await request(env.app)[method](url).set(admin.headers).send({ reviewCount: 1 });
      expect(res.status, `${method} ${url}`).toBe(400);
    }
    for (const [method, url] of endpoints(unknownId()).slice(2)) {
      const res = await request(env.app)[method](url).set(admin.headers).send({ reviewCount: 1 });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ error: 'User Not Found', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/admin/pending-users and /api/admin/all-users', () => {
  it('lists pending users oldest first, and all users newest first, with e-mails', async () => {
    const scoped = await createAuthTestEnv({ workers: false });
    try {
      const boss = await buildAdmin(scoped, { createdAt: new Date('2024-01-01T00:00:00Z') });
      const older = await buildUser(scoped, {
        isApproved: false,
        createdAt: new Date('2024-02-01T00:00:00Z'),
      });
      const approved = await buildUser(scoped, { createdAt: new Date('2024-03-01T00:00:00Z') });
      const newer = await buildUser(scoped, {
        isApproved: false,
        createdAt: new Date('2024-04-01T00:00:00Z'),
      });

      const pending = await request(scoped.app).get('/api/admin/pending-users').set(boss.headers);
      expect(pending.status).toBe(200);
      expect(pending.body.map((u: { id: string }) => u.id)).toEqual([older.id, newer.id]);
      expect(UserSelfSchema.array().parse(pending.body)[0]?.email).toBe(older.email);

      const all = await request(scoped.app).get('/api/admin/all-users').set(boss.headers);
      expect(all.status).toBe(200);
      expect(all.body.map((u: { id: string }) => u.id)).toEqual([newer.id, approved.id, older.id, boss.id]);
    } finally {
      await scoped.close();
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers any user in full', async () => {
    const user = await buildUser(env, { isApproved: false });
    const res = await request(env.app).get(`/api/admin/users/${user.id}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({
      id: user.id,
      email: user.email,
      isApproved: false,
    });
  });
});

describe('POST /api/admin/approve-user/:id', () => {
  it('approves, records when and by whom, updates the user state, announces user.approved and e-mails the user', async () => {
    const user = await buildUser(env, { isApproved: false, fullName: 'Pending Pat' });
    const res = await request(env.app).post(`/api/admin/approve-user/${user.id}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({
      id: user.id,
      isApproved: true,
      approvedBy: admin.id,
    });

    const stored = await env.models.users.findById(user.id).lean();
    expect(stored?.isApproved).toBe(true);
    expect(stored?.approvedBy?.toHexString()).toBe(admin.id);
    expect(Date.now() - stored!.approvedAt!.getTime()).toBeLessThan(10_000);
    expect(stored?.version).toBe(2);
    expect(await env.ctx.userState.get(user.id)).toEqual({ role: 'user', isApproved: true });
    const approvals = (await env.events('user.approved')).filter((e) => e.data.id === user.id);
    expect(approvals.map((e) => e.data)).toEqual([expect.objectContaining({ isApproved: true, version: 2 })]);
    const audit = (await env.events('admin.action')).filter((e) => e.data.target.id === user.id);
    expect(audit.map((e) => e.data)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.approved',
        target: { type: 'user', id: user.id },
        before: { isApproved: false },
        after: { isApproved: true },
      }),
    ]);

    const mail = await eventually(async () => {
      const files = await fs.readdir(env.outboxDir).catch(() => []);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const text = await fs.readFile(path.join(env.outboxDir, file), 'utf8');
        if (text.includes(`To: ${user.email}`)) return text;
      }
      return undefined;
    });
    expect(mail).toContain('Subject: Your NomadSwap account is approved');
    expect(mail).toContain('From: NomadSwap <no-reply@nomadswap.example>');
    expect(mail).toContain('Hi Pending Pat,');
  });

  it('is idempotent: approving again answers the same user and changes, publishes and sends nothing more', async () => {
    const user = await buildUser(env, { isApproved: false });
    const first = await request(env.app).post(`/api/admin/approve-user/${user.id}`).set(admin.headers);
    const second = await request(env.app).post(`/api/admin/approve-user/${user.id}`).set(admin.headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await env.models.users.findById(user.id).lean())?.version).toBe(2);
    expect((await env.events('user.approved')).filter((e) => e.data.id === user.id)).toHaveLength(1);
    const jobs = await env.ctx.queues.notifications.queue.getJobs([
      'waiting',
      'active',
      'completed',
      'delayed',
    ]);
    expect(jobs.filter((job) => job.data.to === user.email)).toHaveLength(1);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the user permanently and publishes user.deleted', async () => {
    const user = await buildUser(env);
    const res = await request(env.app).delete(`/api/admin/users/${user.id}`).set(admin.headers);
    expect(res.status).toBe(204);
    expect(await env.models.users.exists({ _id: oid(user.id) })).toBeNull();
    expect(await env.ctx.userState.get(user.id)).toBeNull();
    expect((await env.events('user.deleted')).map((e) => e.data.id)).toContain(user.id);
    const audit = (await env.events('admin.action')).filter((e) => e.data.target.id === user.id);
    expect(audit.map((e) => e.data)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.deleted',
        target: { type: 'user', id: user.id },
      }),
    ]);
    const again = await request(env.app).delete(`/api/admin/users/${user.id}`).set(admin.headers);
    expect(again.status).toBe(404);
  });

  it('refuses the admin’s own account with 400', async () => {
    const res = await request(env.app).delete(`/api/admin/users/${admin.id}`).set(admin.headers);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('You cannot delete your own account');
    expect(await env.models.users.exists({ _id: oid(admin.id) })).not.toBeNull();
  });

  it('refuses the admin’s own id written in upper case with 400 too, and keeps their state', async () => {
    const res = await request(env.app)
      .delete(`/api/admin/users/${admin.id.toUpperCase()}`)
      .set(admin.headers);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CANNOT_DELETE_SELF');
    expect(await env.models.users.exists({ _id: oid(admin.id) })).not.toBeNull();
    expect(await env.ctx.userState.get(admin.id)).toEqual({ role: 'admin', isApproved: true });
  });

  it('deletes a user named by an upper-case id as the same user: their state and tokens are gone', async () => {
    const user = await buildUser(env);
    const res = await request(env.app).delete(`/api/admin/users/${user.id.toUpperCase()}`).set(admin.headers);
    expect(res.status).toBe(204);
    expect(await env.ctx.userState.get(user.id)).toBeNull();
    expect((await request(env.app).get('/api/auth/me').set(user.headers)).status).toBe(401);
    expect((await env.events('user.deleted')).map((e) => e.data.id)).toContain(user.id);
  });
});

describe('PUT /api/admin/users/:userId/swap-count', () => {
  it("sets the swap count — the completed swaps, with the spec's {reviewCount} payload — leaving the review count, bumps the version and announces user.updated", async () => {
    const user = await buildUser(env);
    await env.models.users.updateOne(
      { _id: user.id },
      { $set: { reviewCount: 2, ratingCount: 2, arrangedSwaps: 3 } },
    );
    const res = await request(env.app)
      .put(`/api/admin/users/${user.id}/swap-count`)
      .set(admin.headers)
      .send({ reviewCount: 7 });
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({
      completedSwaps: 7,
      reviewCount: 2,
      arrangedSwaps: 7,
    });
    expect(await env.models.users.findById(user.id).lean()).toMatchObject({
      completedSwaps: 7,
      arrangedSwaps: 7,
      reviewCount: 2,
      version: 2,
    });
    const event = (await env.events('user.updated')).find((e) => e.data.id === user.id);
    expect(event?.data).toMatchObject({ reviewCount: 2, version: 2 });
    const audit = (await env.events('admin.action')).find((e) => e.data.target.id === user.id);
    expect(audit?.data).toMatchObject({
      actorId: admin.id,
      action: 'user.swap_count_changed',
      before: { completedSwaps: 0 },
      after: { completedSwaps: 7 },
    });

    // Lowered below the arranged swaps, those stay.
    const fromString = await request(env.app)
      .put(`/api/admin/users/${user.id}/swap-count`)
      .set(admin.headers)
      .send({ reviewCount: '4' });
    expect(fromString.body).toMatchObject({ completedSwaps: 4, arrangedSwaps: 7, reviewCount: 2 });
  });

  it('answers 400 Invalid input for anything but a whole number ≥ 0 (strings: decimal digits only)', async () => {
    const user = await buildUser(env);
    for (const reviewCount of [-1, 'abc', '', '1e3', '0x10', '2.0', null, true, 2.5, { $gt: 0 }, undefined]) {
      const res = await request(env.app)
        .put(`/api/admin/users/${user.id}/swap-count`)
        .set(admin.headers)
        .send({ reviewCount });
      expect(res.status, JSON.stringify(reviewCount)).toBe(400);
      expect(res.body).toEqual({
        error: 'Invalid input',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'reviewCount', message: 'Invalid input' }],
      });
    }
    expect((await env.models.users.findById(user.id).lean())?.reviewCount).toBe(0);
  });
});
