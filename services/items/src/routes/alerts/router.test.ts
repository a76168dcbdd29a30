import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, AlertListSchema, AlertSchema } from '@nomadswap/contracts/alerts';
import { MSG } from '@nomadswap/contracts/messages';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { BANGKOK } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

const LISBON = '2267057';

let env: ItemsTestEnv;
let user: TestSession;
let other: TestSession;
let unapproved: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  [user, other, unapproved] = await Promise.all([
    env.signIn(),
    env.signIn(),
    env.signIn({ isApproved: false }),
  ]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const alertsOf = (session: TestSession) =>
  env.ctx.alerts.countDocuments({ userId: new mongoose.Types.ObjectId(session.id) });
const save = (session: TestSession, body: Record<string, unknown>) =>
  api().post('/api/alerts').set(session.headers).send(body);
const tokenOf = async (id: string) => (await env.ctx.alerts.findById(id).lean())!.token;

describe('POST /api/alerts', () => {
  it('saves an alert for a city typed in another language, answers 201 with the place, and lists it', async () => {
    const fresh = await env.signIn();
    const res = await save(fresh, { location: 'Lisboa', category: 'Books' });
    expect(res.status).toBe(201);
    expect(AlertSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ placeId: LISBON, location: 'Lisbon, Portugal', category: 'Books' });
    const stored = (await env.ctx.alerts.findById(res.body.id).lean())!;
    expect(stored.token).toMatch(/^[\w-]{32}$/);
    const list = await api().get('/api/alerts').set(fresh.headers);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(AlertListSchema.parse(list.body)).toEqual([res.body]);
    expect(JSON.stringify(list.body)).not.toContain(stored.token);
  });

  it('takes a picked place by id, with no category meaning every category', async () => {
    const fresh = await env.signIn();
    const res = await save(fresh, { location: 'Bangkok', placeId: BANGKOK });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ placeId: BANGKOK, location: 'Bangkok, Thailand', category: null });
  });

  it('refuses a text that names no city with 400 UNKNOWN_PLACE, and stores nothing', async () => {
    const fresh = await env.signIn();
    const res = await save(fresh, { location: 'Somewhere over the rainbow' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_PLACE', error: MSG.placeUnknown });
    expect(res.body.details).toEqual([{ field: 'location', message: MSG.placeUnknown }]);
    expect(await alertsOf(fresh)).toBe(0);
  });

  it.each([
    ['an empty location', { location: '' }, 'location', MSG.locationRequired],
    ['an unknown category', { location: 'Lisbon', category: 'Boats' }, 'category', MSG.categoryRequired],
    ['a malformed place id', { location: 'Lisbon', placeId: 'abc' }, 'placeId', MSG.invalidPlace],
    ['an unknown place id', { location: 'Lisbon', placeId: '1' }, 'placeId', MSG.placeUnknown],
    ['an unknown field', { location: 'Lisbon', userId: '0'.repeat(24) }, '', undefined],
  ])('refuses %s with 400', async (_name, body, field, message) => {
    const fresh = await env.signIn();
    const res = await save(fresh, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.details).toContainEqual({ field, message });
    expect(await alertsOf(fresh)).toBe(0);
  });

  it('answers the alert already saved (200, same id) when the same city and category is saved again, even concurrently', async () => {
    const fresh = await env.signIn();
    const first = await save(fresh, { location: 'Lisbon', category: 'Music' });
    expect(first.status).toBe(201);
    const again = await Promise.all([
      save(fresh, { location: 'lisboa', category: 'Music' }),
      save(fresh, { location: 'Lisbon, Portugal', placeId: LISBON, category: 'Music' }),
    ]);
    expect(again.map((res) => [res.status, res.body.id])).toEqual([
      [200, first.body.id],
      [200, first.body.id],
    ]);
    // Another category of the same city is another alert.
    expect((await save(fresh, { location: 'Lisbon' })).status).toBe(201);
    expect(await alertsOf(fresh)).toBe(2);
  });

  it(`keeps at most ${ALERT_LIMITS.perUser} alerts per user: the ${ALERT_LIMITS.perUser}th is saved, the next refused with 409 ALERT_LIMIT`, async () => {
    const fresh = await env.signIn();
    const cities = [
      'Lisbon',
      'Porto',
      'Madrid',
      'Berlin',
      'Paris',
      'Rome',
      'Bangkok',
      'Tokyo',
      'Lima',
      'Oslo',
      'Cairo',
    ];
    for (const [index, city] of cities.slice(0, ALERT_LIMITS.perUser).entries()) {
      const res = await save(fresh, { location: city });
      expect([index, res.status]).toEqual([index, 201]);
    }
    const refused = await save(fresh, { location: cities[ALERT_LIMITS.perUser] });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: MSG.alertLimit, code: 'ALERT_LIMIT' });
    expect(await alertsOf(fresh)).toBe(ALERT_LIMITS.perUser);
    // Saving one already there is still answered: it adds nothing.
    expect((await save(fresh, { location: 'Lisbon' })).status).toBe(200);
    // Another user's count is theirs.
    expect((await save(other, { location: 'Cairo' })).status).toBe(201);
  });

  it('refuses visitors with 401 and unapproved users with 403', async () => {
    const id = new mongoose.Types.ObjectId().toHexString();
    const calls = [
      () => api().get('/api/alerts'),
      () => api().post('/api/alerts').send({ location: 'Lisbon' }),
      () => api().delete(`/api/alerts/${id}`),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const refused = await call().set(unapproved.headers);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('NOT_APPROVED');
    }
    expect(await alertsOf(unapproved)).toBe(0);
  });
});

describe('DELETE /api/alerts/:id', () => {
  it('deletes the caller’s own alert (204) and what was queued for it, nothing else; then it is 404', async () => {
    // Saved first, so a delete that ignored its filter would take this one.
    const kept = await save(other, { location: 'Porto' });
    const saved = await save(user, { location: 'Porto' });
    const queue = (alertId: string) =>
      env.ctx.alertMatches.create({
        alertId: new mongoose.Types.ObjectId(alertId),
        itemId: new mongoose.Types.ObjectId(),
        createdAt: new Date(),
      });
    await queue(kept.body.id);
    await queue(saved.body.id);
    const url = `/api/alerts/${saved.body.id}`;
    expect((await api().delete(url).set(user.headers)).status).toBe(204);
    expect(await env.ctx.alerts.exists({ _id: saved.body.id })).toBeNull();
    expect(await env.ctx.alertMatches.countDocuments({ alertId: saved.body.id })).toBe(0);
    expect(await env.ctx.alerts.exists({ _id: kept.body.id })).not.toBeNull();
    expect(await env.ctx.alertMatches.countDocuments({ alertId: kept.body.id })).toBe(1);
    const again = await api().delete(url).set(user.headers);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: MSG.alertNotFound, code: 'ALERT_NOT_FOUND' });
  });

  it('answers 404 for another user’s alert and leaves it, and 400 for a malformed id', async () => {
    const saved = await save(other, { location: 'Madrid' });
    const res = await api().delete(`/api/alerts/${saved.body.id}`).set(user.headers);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ALERT_NOT_FOUND');
    expect(await env.ctx.alerts.exists({ _id: saved.body.id })).not.toBeNull();
    expect(
      (await api().get('/api/alerts').set(user.headers)).body.map((a: { id: string }) => a.id),
    ).not.toContain(saved.body.id);
    expect((await api().delete('/api/alerts/xyz').set(user.headers)).status).toBe(400);
  });
});

describe('/api/alerts/unsubscribe (the e-mail’s one link)', () => {
  it('GET shows what the link stops and changes nothing; POST stops it without signing in, and again answers the same', async () => {
    // Another alert saved first: a lookup that ignored the token would find this one.
    const before = await save(other, { location: 'Berlin', category: 'Books' });
    const saved = await save(user, { location: 'Berlin', category: 'Sports' });
    const token = await tokenOf(saved.body.id);
    const url = `/api/alerts/unsubscribe?token=${token}`;
    for (let i = 0; i < 2; i++) {
      const preview = await api().get(url);
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({ alert: { location: 'Berlin, Germany', category: 'Sports' } });
    }
    expect(await env.ctx.alerts.exists({ _id: saved.body.id })).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      const stopped = await api().post(url);
      expect(stopped.status).toBe(200);
      expect(stopped.body).toEqual({ stopped: true });
    }
    expect(await env.ctx.alerts.exists({ _id: saved.body.id })).toBeNull();
    expect((await api().get(url)).body).toEqual({ alert: null });
    expect(await env.ctx.alerts.exists({ _id: before.body.id })).not.toBeNull();
  });

  it('stops only the alert of that token, and refuses a malformed token with 400', async () => {
    // Theirs saved first: a stop that ignored the token would take the oldest alert.
    const theirs = await save(other, { location: 'Paris' });
    const mine = await save(user, { location: 'Paris' });
    await api()
      .post(`/api/alerts/unsubscribe?token=${await tokenOf(mine.body.id)}`)
      .expect(200);
    expect(await env.ctx.alerts.exists({ _id: theirs.body.id })).not.toBeNull();
    expect(await env.ctx.alerts.exists({ _id: mine.body.id })).toBeNull();
    for (const token of ['', 'short', `${'a'.repeat(32)}!`, 'a'.repeat(33)]) {
      const res = await api().post(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
      expect([token, res.status]).toEqual([token, 400]);
    }
    const missing = await api().post('/api/alerts/unsubscribe');
    expect(missing.status).toBe(400);
  });
});
