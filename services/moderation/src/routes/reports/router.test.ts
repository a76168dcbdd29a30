import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@nomadswap/service-kit/testing';
import {
  createModerationTestEnv,
  type ModerationTestEnv,
  type TestUser,
} from '../../../test/support/moderation-test-env';

let env: ModerationTestEnv;
let pending: TestUser;
let admin: TestUser;
beforeAll(async () => {
  env = await createModerationTestEnv();
  [pending, admin] = await Promise.all([env.user({ isApproved: false }), env.user({ role: 'admin' })]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const valid = (extra: Record<string, unknown> = {}) => ({
  type: 'safety',
  urgency: 'medium',
  subject: 'Unsafe meeting spot',
  description: 'The other person insisted on meeting in a dark parking lot at night.',
  ...extra,
});
const file = (body: Record<string, unknown>, who?: TestUser) => {
  const req = api().post('/api/reports');
  return (who ? req.set(who.headers) : req).send(body);
};
const update = (id: string, body: Record<string, unknown>, who: TestUser = admin) =>
  api().put(`/api/reports/${id}`).set(who.headers).send(body);
const mailsTo = async (to: string) => (await env.mails()).filter((mail) => mail.to === to);

describe('POST /api/reports', () => {
  it('a visitor files an anonymous report: 201 open, reporter null, acknowledged at the given address', async () => {
    const res = await file(valid({ contactEmail: 'visitor@example.test', relatedUser: '', relatedItem: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'safety',
      urgency: 'medium',
      subject: 'Unsafe meeting spot',
      status: 'open',
      reporterId: null,
      reporter: null,
      relatedUser: null,
      relatedItem: null,
      contactEmail: 'visitor@example.test',
      adminNotes: null,
      assignedTo: null,
    });
    expect(await env.ctx.reports.countDocuments({ _id: res.body.id })).toBe(1);
    const mails = await mailsTo('visitor@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`We received your report (reference ${res.body.id})`);
    expect(mails[0]!.text).toContain(res.body.id);
    expect(mails[0]!.text).toContain('within 24 hours');
  });

  it('acknowledges with a fixed text and a reference: nothing the reporter typed reaches the address', async () => {
    const lure = 'Visit https://evil.example/login';
    const res = await file(
      valid({
        contactEmail: 'stranger@example.test',
        subject: lure,
        description: `${lure} to claim a prize`,
      }),
    );
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('stranger@example.test');
    expect(mail!.text).toContain(res.body.id);
    for (const part of [mail!.subject, mail!.text]) expect(part).not.toMatch(/evil|Visit|prize/);
    // The resolution mail too.
    expect((await update(res.body.id, { status: 'resolved' })).status).toBe(200);
    const resolved = (await mailsTo('stranger@example.test')).find((m) =>
      m.subject.startsWith('Your report'),
    );
    expect(resolved!.subject).toBe(`Your report was resolved (reference ${res.body.id})`);
    expect(resolved!.text).not.toMatch(/evil|Visit|prize/);
  });

  it('a visitor without an address gets no e-mail', async () => {
    const before = (await env.mails()).length;
    expect((await file(valid())).status).toBe(201);
    expect((await env.mails()).length).toBe(before);
  });

  it('a signed-in user (even unapproved) reports a user and an item; acknowledged at their account address', async () => {
    const [ana, ben] = await Promise.all([env.user({ fullName: 'Ana Nomad' }), env.user()]);
    const itemId = await env.item({ ownerId: ben.id });
    const res = await file(valid({ type: 'user', relatedUser: ben.id, relatedItem: itemId }), ana);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reporterId: ana.id,
      reporter: { fullName: 'Ana Nomad' },
      relatedUser: { id: ben.id },
      relatedItem: itemId,
    });
    expect(await mailsTo(ana.email)).toHaveLength(1);
  });

  it('a user named by username: known or unknown, the filer gets the same answer and no id; admins see the id', async () => {
    const ben = await env.user();
    const answers = [];
    for (const [relatedUser, who] of [
      [`@${ben.username}`, pending],
      ['@nobody-by-this-name', pending],
      [ben.username, undefined],
      ['nobody-by-this-name', undefined],
    ] as const) {
      const res = await file(valid({ type: 'user', relatedUser }), who);
      expect(res.status, relatedUser).toBe(201);
      expect(JSON.stringify(res.body), relatedUser).not.toContain(ben.id);
      const { id, createdAt, updatedAt, ...rest } = res.body as Record<string, unknown>;
      answers.push({ rest, id: String(id), createdAt, updatedAt });
    }
    expect(answers[1]!.rest).toEqual(answers[0]!.rest);
    expect(answers[3]!.rest).toEqual(answers[2]!.rest);
    expect(answers[0]!.rest.relatedUser).toBeNull();
    // The admins' queue has the reported user's id where the name is an account's.
    const queue = await api().get('/api/reports?limit=50').set(admin.headers);
    const byId = new Map(
      (queue.body as { id: string; relatedUser: unknown }[]).map((r) => [r.id, r.relatedUser]),
    );
    // The admins' queue names them too (issue 26: names, not ids).
    const named = { id: ben.id, fullName: ben.fullName, username: ben.username };
    expect(answers.map((a) => byId.get(a.id))).toEqual([named, null, named, null]);
    // An admin filing by username sees the id at once.
    const byAdmin = await file(valid({ type: 'user', relatedUser: `@${ben.username}` }), admin);
    expect(byAdmin.body.relatedUser).toEqual(named);
  });

  it('an unknown or deleted related user id or item is a 400 naming the field', async () => {
    const ben = await env.user();
    const unknownUser = await file(valid({ type: 'user', relatedUser: newId() }));
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.details).toEqual([{ field: 'relatedUser', message: 'User Not Found' }]);
    const unknownItem = await file(valid({ type: 'item', relatedItem: newId() }));
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.body.details).toEqual([{ field: 'relatedItem', message: 'Item not found' }]);
    expect((await file(valid({ relatedItem: 'not-an-id' }))).status).toBe(400);
    const itemId = await env.item({ ownerId: ben.id });
    const { applyItemDeleted } = await import('../../domain/apply-item-events');
    await applyItemDeleted(env.ctx, { itemId, userId: ben.id });
    expect((await file(valid({ relatedItem: itemId }))).status).toBe(400);
  });

  it.each([
    [{ type: undefined }, 'type', 'Please select a report type'],
    [{ type: 'spam' }, 'type', 'Please select a report type'],
    [{ urgency: undefined }, 'urgency', 'Please select urgency level'],
    [{ urgency: 'extreme' }, 'urgency', 'Please select urgency level'],
    [{ subject: 'Hey ' }, 'subject', 'Subject must be at least 5 characters'],
    [{ description: 'Too short to act on' }, 'description', 'Description must be at least 20 characters'],
    [{ contactEmail: 'not-an-email' }, 'contactEmail', 'Valid email required'],
  ])('bad input %j → 400 on %s with “%s”', async (extra, field, message) => {
    const res = await file(valid(extra));
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field, message });
  });
});

describe('report rate limit', () => {
  it('a client filing too many reports gets 429 with Retry-After; invalid forms do not count', async () => {
    const limited = await createModerationTestEnv({ reportsPerHour: 2 });
    try {
      const send = (body: Record<string, unknown>) => request(limited.app).post('/api/reports').send(body);
      expect((await send(valid({ subject: 'x' }))).status).toBe(400);
      expect((await send(valid())).status).toBe(201);
      expect((await send(valid())).status).toBe(201);
      const third = await send(valid());
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.body.error).toBe('Too many requests. Please try again later.');
      expect(await limited.ctx.reports.countDocuments({})).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/reports', () => {
  it('admins see the queue most urgent first, newest first within an urgency, filtered and paged', async () => {
    const fresh = await createModerationTestEnv();
    try {
      const boss = await fresh.user({ role: 'admin' });
      const send = (extra: Record<string, unknown>) =>
        request(fresh.app).post('/api/reports').send(valid(extra)).expect(201);
      const low = (await send({ urgency: 'low', subject: 'Low one' })).body;
      const critical = (await send({ urgency: 'critical', type: 'fraud', subject: 'Critical one' })).body;
      const highOld = (await send({ urgency: 'high', subject: 'High old' })).body;
      const highNew = (await send({ urgency: 'high', subject: 'High new' })).body;
      const list = (query = '') => request(fresh.app).get(`/api/reports${query}`).set(boss.headers);
      const all = await list();
      expect(all.status).toBe(200);
      expect(all.headers['x-total-count']).toBe('4');
      expect(all.body.map((report: { id: string }) => report.id)).toEqual([
        critical.id,
        highNew.id,
        highOld.id,
        low.id,
      ]);
      const page2 = await list('?limit=2&page=2');
      expect(page2.body.map((report: { id: string }) => report.id)).toEqual([highOld.id, low.id]);
      expect(page2.headers['x-total-count']).toBe('4');
      expect((await list('?type=fraud')).body.map((report: { id: string }) => report.id)).toEqual([
        critical.id,
      ]);
      expect((await list('?urgency=high')).headers['x-total-count']).toBe('2');
      await request(fresh.app).put(`/api/reports/${low.id}`).set(boss.headers).send({ status: 'dismissed' });
      expect((await list('?status=dismissed')).body.map((report: { id: string }) => report.id)).toEqual([
        low.id,
      ]);
      expect((await list('?status=open')).headers['x-total-count']).toBe('3');
      expect((await list('?status=pending')).status).toBe(400);
      expect((await list('?limit=1000')).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('visitors 401, users approved or not 403', async () => {
    const ana = await env.user();
    expect((await api().get('/api/reports')).status).toBe(401);
    expect((await api().get('/api/reports').set(pending.headers)).status).toBe(403);
    const refused = await api().get('/api/reports').set(ana.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Admin Access Required');
  });
});

describe('PUT /api/reports/:id', () => {
  it('follows the lifecycle: open → resolved (mail, audit) → open → dismissed; resolved ↔ dismissed refused', async () => {
    const ana = await env.user();
    const report = (await file(valid({ subject: 'Lifecycle' }), ana)).body;
    const resolved = await update(report.id, { status: 'resolved', adminNotes: '  Talked to both  ' });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'resolved',
      adminNotes: 'Talked to both',
      assignedTo: admin.id,
    });
    const stored = await env.ctx.reports.findById(report.id).lean();
    expect(stored?.status).toBe('resolved');
    const mails = await mailsTo(ana.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `We received your report (reference ${report.id})`,
      `Your report was resolved (reference ${report.id})`,
    ]);

    const toDismissed = await update(report.id, { status: 'dismissed' });
    expect(toDismissed.status).toBe(409);
    expect(toDismissed.body.error).toBe('A resolved or dismissed report can only be reopened');

    expect((await update(report.id, { status: 'open' })).body.status).toBe('open');
    expect((await update(report.id, { status: 'dismissed' })).body.status).toBe('dismissed');
    expect((await update(report.id, { status: 'resolved' })).status).toBe(409);
    // The same status again only changes the notes and is not a new audit entry.
    const notes = await update(report.id, { status: 'dismissed', adminNotes: 'Duplicate' });
    expect(notes.body).toMatchObject({ status: 'dismissed', adminNotes: 'Duplicate' });

    const audit = await env.ctx.auditLog.find({ 'target.id': report.id }).sort({ at: 1 }).lean();
    expect(audit.map((entry) => [entry.before?.status, entry.after?.status])).toEqual([
      ['open', 'resolved'],
      ['resolved', 'open'],
      ['open', 'dismissed'],
    ]);
    expect(
      audit.every((entry) => entry.actorId === admin.id && entry.action === 'report.status_changed'),
    ).toBe(true);
    // Only one resolution mail was sent.
    expect(await mailsTo(ana.email)).toHaveLength(2);
  });

  it('bad status 400 with the message, unknown report 404, bad id 400', async () => {
    const report = (await file(valid())).body;
    const bad = await update(report.id, { status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({
      field: 'status',
      message: 'Status must be open, resolved or dismissed',
    });
    expect((await update(report.id, {})).status).toBe(400);
    const missing = await update(newId(), { status: 'resolved' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Report not found');
    expect((await update('abc', { status: 'resolved' })).status).toBe(400);
  });

  it('visitors 401, users approved or not 403, and the report is unchanged', async () => {
    const ana = await env.user();
    const report = (await file(valid())).body;
    expect((await api().put(`/api/reports/${report.id}`).send({ status: 'resolved' })).status).toBe(401);
    expect((await update(report.id, { status: 'resolved' }, ana)).status).toBe(403);
    expect((await update(report.id, { status: 'resolved' }, pending)).status).toBe(403);
    expect((await env.ctx.reports.findById(report.id).lean())?.status).toBe('open');
  });
});
