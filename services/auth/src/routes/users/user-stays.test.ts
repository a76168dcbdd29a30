import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { UserPublicSchema, UserSelfSchema } from '@nomadswap/contracts/responses';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildUser, type TestUser } from '../../../test/support/factories';

const LISBON = '2267057';
const BANGKOK = '1609350';

let env: AuthTestEnv;
/** The context's clock, set by each test. */
let clock = new Date();
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
  env.ctx.now = () => clock;
});
afterAll(() => env.close());
afterEach(() => {
  clock = new Date();
});

const profile = (user: TestUser, stay: unknown) =>
  request(env.app)
    .put(`/api/users/${user.id}`)
    .set(user.headers)
    .send({ fullName: 'Ana Nomad', location: 'Lisbon', stay });

const refusedOn = (res: request.Response, field: string, message: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ error: message, details: [{ field, message }] });
};

describe('a stay on PUT /api/users/:id (issue 22)', () => {
  it('stores a picked city until a day (23:59 there) and a next city from a day (00:00 there), returns it to the user, the public profile and the user event', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const user = await buildUser(env);
    const res = await profile(user, {
      location: 'lisb',
      placeId: LISBON,
      until: '2026-12-18',
      next: { location: 'Bangkok', from: '2026-12-20' },
    });
    expect(res.status).toBe(200);
    const stay = {
      location: 'Lisbon, Portugal',
      placeId: LISBON,
      timezone: 'Europe/Lisbon',
      untilDate: '2026-12-18',
      until: '2026-12-18T23:59:00.000Z',
      next: {
        location: 'Bangkok, Thailand',
        placeId: BANGKOK,
        timezone: 'Asia/Bangkok',
        fromDate: '2026-12-20',
        from: '2026-12-19T17:00:00.000Z',
      },
    };
    expect(UserSelfSchema.parse(res.body).stay).toEqual(stay);

    const viewer = await buildUser(env);
    const seen = await request(env.app).get(`/api/users/${user.id}`).set(viewer.headers);
    expect(UserPublicSchema.strict().parse(seen.body).stay).toEqual(stay);
    const events = (await env.events('user.updated')).filter((e) => e.data.id === user.id);
    expect(events.at(-1)?.data.stay).toEqual(stay);
  });

  it('keeps the stay when the field is left out, and clears it with null', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const user = await buildUser(env);
    expect((await profile(user, { location: 'Lisbon', until: '2026-12-01' })).status).toBe(200);
    const kept = await profile(user, undefined);
    expect(kept.body.stay).toMatchObject({ placeId: LISBON, untilDate: '2026-12-01', next: null });
    const cleared = await profile(user, null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.stay).toBeNull();
    expect((await env.models.users.findById(user.id).lean())?.stay).toBeNull();
    const last = (await env.events('user.updated')).filter((e) => e.data.id === user.id).at(-1);
    expect(last?.data.stay).toBeNull();
  });

  it('keeps text that names no city, with its days in UTC', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const user = await buildUser(env);
    const res = await profile(user, { location: 'A boat somewhere', until: '2026-11-30' });
    expect(res.status).toBe(200);
    expect(res.body.stay).toMatchObject({
      location: 'A boat somewhere',
      placeId: null,
      timezone: 'UTC',
      until: '2026-11-30T23:59:00.000Z',
    });
  });

  it('reads "today" in the stay city: at 17:30 UTC, 25 Nov has ended in Bangkok but not in Lisbon', async () => {
    clock = new Date('2026-11-25T17:30:00.000Z');
    const user = await buildUser(env);
    refusedOn(
      await profile(user, { location: 'Bangkok', until: '2026-11-25' }),
      'stay.until',
      MSG.stayUntilPast,
    );
    expect((await profile(user, { location: 'Bangkok', until: '2026-11-26' })).status).toBe(200);
    const lisbon = await profile(user, { location: 'Lisbon', until: '2026-11-25' });
    expect(lisbon.status).toBe(200);
    expect(lisbon.body.stay.until).toBe('2026-11-25T23:59:00.000Z');
    // The next stay's first day is read in its own city: 25 Nov has passed in Bangkok.
    refusedOn(
      await profile(user, {
        location: 'Lisbon',
        until: '2026-11-25',
        next: { location: 'Bangkok', from: '2026-11-25' },
      }),
      'stay.next.from',
      MSG.stayNextPast,
    );
  });

  it('takes a last day at most a year ahead (its 23:59), not the day after', async () => {
    // In UTC (a city-less stay), the year from this clock ends on 2027-11-25T23:59.
    clock = new Date('2026-11-25T23:59:00.000Z');
    const user = await buildUser(env);
    expect((await profile(user, { location: 'Nowhere known', until: '2027-11-25' })).status).toBe(200);
    refusedOn(
      await profile(user, { location: 'Nowhere known', until: '2027-11-26' }),
      'stay.until',
      MSG.availableUntilTooFar,
    );
  });

  it('takes a next stay from the last day of this one at the earliest, and within a year', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const user = await buildUser(env);
    const stay = (from: string) => ({
      location: 'Lisbon',
      until: '2026-12-18',
      next: { location: 'Porto', from },
    });
    expect((await profile(user, stay('2026-12-18'))).status).toBe(200);
    refusedOn(await profile(user, stay('2026-12-17')), 'stay.next.from', MSG.stayNextBeforeUntil);
    // Porto is UTC+0 in winter: 00:00 of 2027-11-26 is a year and 12 h ahead, 2027-11-25 within.
    expect((await profile(user, stay('2027-11-25'))).status).toBe(200);
    refusedOn(await profile(user, stay('2027-11-26')), 'stay.next.from', MSG.availableUntilTooFar);
  });

  it('refuses malformed stays with 400 on the field, and stores nothing', async () => {
    clock = new Date('2026-11-25T12:00:00.000Z');
    const user = await buildUser(env);
    refusedOn(
      await profile(user, { location: 'Lisbon', until: '18/12/2026' }),
      'stay.until',
      MSG.availableUntilInvalid,
    );
    refusedOn(
      await profile(user, { location: '  ', until: '2026-12-18' }),
      'stay.location',
      MSG.locationRequired,
    );
    refusedOn(
      await profile(user, { location: 'x', placeId: '1', until: '2026-12-18' }),
      'stay.placeId',
      MSG.placeUnknown,
    );
    refusedOn(
      await profile(user, {
        location: 'Lisbon',
        until: '2026-12-18',
        next: { location: 'Porto', placeId: '1', from: '2026-12-20' },
      }),
      'stay.next.placeId',
      MSG.placeUnknown,
    );
    const extra = await profile(user, { location: 'Lisbon', until: '2026-12-18', pets: 2 });
    expect(extra.status).toBe(400);
    // The location limit: 120 characters at most.
    const at = await profile(user, { location: 'a'.repeat(120), until: '2026-12-18' });
    expect(at.status).toBe(200);
    refusedOn(
      await profile(user, { location: 'a'.repeat(121), until: '2026-12-18' }),
      'stay.location',
      'Must be at most 120 characters',
    );
  });

  it('refuses another user’s stay with 403', async () => {
    const user = await buildUser(env);
    const other = await buildUser(env);
    const res = await request(env.app)
      .put(`/api/users/${other.id}`)
      .set(user.headers)
      .send({ fullName: 'X', location: 'Lisbon', stay: { location: 'Lisbon', until: '2030-01-01' } });
    expect(res.status).toBe(403);
  });
});

describe('travelling mode on PUT /api/users/:id (issue 22)', () => {
  it('turns on and off with inTransit, tells the user and the user event, never the public profile', async () => {
    const user = await buildUser(env);
    const put = (body: object) =>
      request(env.app)
        .put(`/api/users/${user.id}`)
        .set(user.headers)
        .send({ fullName: 'Ana Nomad', location: 'Lisbon', ...body });
    const on = await put({ inTransit: true });
    expect(on.status).toBe(200);
    expect(UserSelfSchema.parse(on.body).inTransit).toBe(true);
    const last = () =>
      env.events('user.updated').then((all) => all.filter((e) => e.data.id === user.id).at(-1));
    expect((await last())?.data.inTransit).toBe(true);
    // Left out, it stays on; a viewer's public view does not carry it.
    expect((await put({})).body.inTransit).toBe(true);
    const viewer = await buildUser(env);
    const seen = await request(env.app).get(`/api/users/${user.id}`).set(viewer.headers);
    expect(seen.body).not.toHaveProperty('inTransit');
    const off = await put({ inTransit: false });
    expect(off.body.inTransit).toBe(false);
    expect((await last())?.data.inTransit).toBe(false);
    expect((await put({ inTransit: 'yes' })).status).toBe(400);
  });
});
