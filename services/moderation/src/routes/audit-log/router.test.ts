import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionEventData } from '@nomadswap/contracts/events';
import { eventually, newId } from '@nomadswap/service-kit/testing';
import { consumeModerationEvents } from '../../events/consume';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from '../../../test/support/moderation-test-env';

let env: ModerationTestEnv;
let admin: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  admin = await env.user({ role: 'admin', fullName: 'Ada Admin' });
  consumeModerationEvents(env.bus, env.ctx);
  await env.bus.start();
});
afterAll(() => env.close());

const api = () => request(env.app);
const log = (query = '') => api().get(`/api/admin/audit-log${query}`).set(admin.headers);
const action = (extra: Partial<AdminActionEventData>): AdminActionEventData => ({
  id: newId(),
  actorId: admin.id,
  action: 'user.approved',
  target: { type: 'user', id: newId() },
  at: new Date().toISOString(),
  ...extra,
});

describe('GET /api/admin/audit-log', () => {
  it('records admin.action events from other services (once, even when redelivered) and lists them newest first', async () => {
    const userId = newId();
    const approved = action({
      target: { type: 'user', id: userId },
      at: '2026-01-01T10:00:00.000Z',
      before: { isApproved: false },
      after: { isApproved: true },
    });
    const swapCount = action({
      action: 'user.swap_count_changed',
      target: { type: 'user', id: userId },
      at: '2026-01-01T11:00:00.000Z',
      before: { reviewCount: 1 },
      after: { reviewCount: 4 },
    });
    const itemDeleted = action({
      action: 'item.deleted',
      target: { type: 'item', id: newId() },
      at: '2026-01-01T12:00:00.000Z',
    });
    for (const data of [approved, swapCount, itemDeleted, approved])
      await env.bus.publish('admin.action', data);
    await eventually(async () => (await env.ctx.auditLog.countDocuments({})) >= 3);

    const byUser = await log(`?targetType=user&targetId=${userId}`);
    expect(byUser.status).toBe(200);
    expect(byUser.headers['x-total-count']).toBe('2');
    expect(byUser.body).toEqual([
      {
        id: swapCount.id,
        actorId: admin.id,
        actor: { id: admin.id, fullName: 'Ada Admin', username: admin.username },
        action: 'user.swap_count_changed',
        target: { type: 'user', id: userId },
        at: '2026-01-01T11:00:00.000Z',
        before: { reviewCount: 1 },
        after: { reviewCount: 4 },
      },
      expect.objectContaining({
        id: approved.id,
        before: { isApproved: false },
        after: { isApproved: true },
      }),
    ]);
    const deletions = await log('?action=item.deleted');
    expect(deletions.body.map((entry: { id: string }) => entry.id)).toEqual([itemDeleted.id]);
    expect(deletions.body[0]).toMatchObject({ before: null, after: null });
    const paged = await log('?limit=1&page=2');
    expect(paged.body).toHaveLength(1);
    expect((await log('?action=user.renamed')).status).toBe(400);
  });

  it('moderation’s own admin actions land in the same log', async () => {
    const report = (
      await api().post('/api/reports').send({
        type: 'other',
        urgency: 'low',
        subject: 'Audit me',
        description: 'A report to be resolved by the admin.',
      })
    ).body;
    await api().put(`/api/reports/${report.id}`).set(admin.headers).send({ status: 'resolved' }).expect(200);
    const res = await log(`?targetType=report&targetId=${report.id}`);
    expect(res.body).toEqual([
      expect.objectContaining({
        action: 'report.status_changed',
        actorId: admin.id,
        target: { type: 'report', id: report.id, name: 'Audit me' },
        before: { status: 'open' },
        after: { status: 'resolved' },
      }),
    ]);
  });

  it('names the user (name and @username) and the listing (its title) an action was on, ids beside them', async () => {
    const tomas = await env.user({ fullName: 'Tomás Costa' });
    const itemId = await env.item({ ownerId: tomas.id, title: 'Blue backpack' });
    const onUser = action({ target: { type: 'user', id: tomas.id } });
    const onItem = action({ action: 'item.deleted', target: { type: 'item', id: itemId } });
    for (const data of [onUser, onItem]) await env.bus.publish('admin.action', data);
    await eventually(async () => (await env.ctx.auditLog.countDocuments({ 'target.id': itemId })) === 1);
    await eventually(async () => (await env.ctx.auditLog.countDocuments({ 'target.id': tomas.id })) === 1);

    const byUser = await log(`?targetType=user&targetId=${tomas.id}`);
    expect(byUser.body[0].target).toEqual({
      type: 'user',
      id: tomas.id,
      name: 'Tomás Costa',
      username: tomas.username,
    });
    const byItem = await log(`?targetType=item&targetId=${itemId}`);
    expect(byItem.body[0].target).toEqual({ type: 'item', id: itemId, name: 'Blue backpack' });
  });

  it('is admin-only and cannot be edited or deleted through the API', async () => {
    const ana = await env.user();
    const pending = await env.user({ isApproved: false });
    expect((await api().get('/api/admin/audit-log')).status).toBe(401);
    expect((await api().get('/api/admin/audit-log').set(ana.headers)).status).toBe(403);
    expect((await api().get('/api/admin/audit-log').set(pending.headers)).status).toBe(403);
    const entry = (await log()).body[0] as { id: string };
    const before = await env.ctx.auditLog.countDocuments({});
    expect((await api().delete(`/api/admin/audit-log/${entry.id}`).set(admin.headers)).status).toBe(404);
    expect((await api().put(`/api/admin/audit-log/${entry.id}`).set(admin.headers).send({})).status).toBe(
      404,
    );
    expect((await api().delete('/api/admin/audit-log').set(admin.headers)).status).toBe(404);
    expect(await env.ctx.auditLog.countDocuments({})).toBe(before);
  });
});
