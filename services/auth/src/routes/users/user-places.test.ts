import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { AuthResponseSchema, UserSelfSchema } from '@nomadswap/contracts/responses';
import { matchStoredLocations } from '@nomadswap/service-kit/places';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildRegistration, buildUser } from '../../../test/support/factories';

const LISBON = '2267057';
const CHIANG_MAI = '1153671';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv();
});
afterAll(() => env.close());

let ip = 0;
const register = (body: object) =>
  request(env.app).post('/api/auth/register').set('X-Forwarded-For', `203.0.113.${++ip}`).send(body);
const stored = (id: string) => env.models.users.findById(id).lean();

describe('a user’s location is stored as a place (issue 22)', () => {
  it('registers with a picked city: its label replaces the text, its id is stored and answered', async () => {
    const res = await register(buildRegistration({ location: 'lisb', placeId: LISBON }));
    expect(res.status).toBe(201);
    const { user } = AuthResponseSchema.parse(res.body);
    expect(user).toMatchObject({ location: 'Lisbon, Portugal', placeId: LISBON });
    expect(await stored(user.id)).toMatchObject({ location: 'Lisbon, Portugal', placeId: LISBON });
    const event = (await env.events('user.registered')).find((e) => e.data.id === user.id);
    expect(event?.data).toMatchObject({ location: 'Lisbon, Portugal', placeId: LISBON });
  });

  it('refuses a place id that names no city with 400 on placeId, and creates no account', async () => {
    const input = buildRegistration({ placeId: '1' });
    const res = await register(input);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: MSG.placeUnknown,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'placeId', message: MSG.placeUnknown }],
    });
    expect(await env.models.users.countDocuments({ email: input.email })).toBe(0);
    const malformed = await register(buildRegistration({ placeId: 'lisbon' }));
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].field).toBe('placeId');
  });

  it.each([
    ['Lisboa', 'Lisbon, Portugal', LISBON],
    ['lisbon', 'Lisbon, Portugal', LISBON],
    ['Lisbon, Portugal', 'Lisbon, Portugal', LISBON],
    ['chiang mai', 'Chiang Mai, Thailand', CHIANG_MAI],
    ['Bali', 'Bali', null],
    ['Somewhere by the sea', 'Somewhere by the sea', null],
  ])('registers with the text %s: stored as %s, place %s', async (text, location, placeId) => {
    const res = await register(buildRegistration({ location: text }));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ location, placeId });
    expect(await stored(res.body.user.id)).toMatchObject({ location, placeId });
  });

  it('updates the profile with a picked city, with matched text, and with text that names none', async () => {
    const user = await buildUser(env);
    const update = (body: object) =>
      request(env.app)
        .put(`/api/users/${user.id}`)
        .set(user.headers)
        .send({ fullName: 'Ana Nomad', ...body });

    const picked = await update({ location: 'Chiang', placeId: CHIANG_MAI });
    expect(picked.status).toBe(200);
    expect(UserSelfSchema.strict().parse(picked.body)).toMatchObject({
      location: 'Chiang Mai, Thailand',
      placeId: CHIANG_MAI,
    });
    const event = (await env.events('user.updated')).findLast((e) => e.data.id === user.id);
    expect(event?.data).toMatchObject({ location: 'Chiang Mai, Thailand', placeId: CHIANG_MAI });

    const matched = await update({ location: 'LISBOA' });
    expect(matched.body).toMatchObject({ location: 'Lisbon, Portugal', placeId: LISBON });

    const text = await update({ location: 'On a boat' });
    expect(text.body).toMatchObject({ location: 'On a boat', placeId: null });
    expect(await stored(user.id)).toMatchObject({ location: 'On a boat', placeId: null });

    const unknown = await update({ location: 'Lisbon', placeId: '99999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: 'placeId', message: MSG.placeUnknown }]);
    expect(await stored(user.id)).toMatchObject({ location: 'On a boat', placeId: null });
  });

  it('shows the place id on the public profile', async () => {
    const viewer = await buildUser(env);
    const res = await register(buildRegistration({ location: 'Lisboa' }));
    await env.models.users.updateOne({ _id: res.body.user.id }, { isApproved: true });
    const profile = await request(env.app).get(`/api/users/${res.body.user.id}`).set(viewer.headers);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ location: 'Lisbon, Portugal', placeId: LISBON });
  });
});

describe('users registered before places existed (the migration)', () => {
  it('are matched to their place at start; unmatched ones keep their text; a second run changes nothing', async () => {
    const texts = ['Lisboa', 'lisbon', 'Lisbon, Portugal', 'Bali', 'Atlantis', 'Narnia'];
    const ids: string[] = [];
    for (const location of texts) {
      const user = await buildUser(env);
      // As written before issue 22: the text as typed, no placeId field at all.
      const _id = new mongoose.Types.ObjectId(user.id);
      await env.models.users.collection.updateOne({ _id }, { $set: { location } });
      await env.models.users.collection.updateOne({ _id }, { $unset: { placeId: '' } });
      ids.push(user.id);
    }
    expect(await matchStoredLocations(env.models.users)).toEqual({ matched: 4, unmatched: 2 });
    const rows = await Promise.all(ids.map((id) => stored(id)));
    expect(rows.map((row) => [row?.location, row?.placeId])).toEqual([
      ['Lisbon, Portugal', LISBON],
      ['Lisbon, Portugal', LISBON],
      ['Lisbon, Portugal', LISBON],
      ['Bali', null],
      ['Atlantis, South Africa', '3370352'],
      ['Narnia', null],
    ]);
    expect(await matchStoredLocations(env.models.users)).toEqual({ matched: 0, unmatched: 0 });
  });
});
