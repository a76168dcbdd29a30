import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { PLACE_LIMITS } from '@nomadswap/contracts/places';
import { ItemCardSchema, ItemSchema, type Item } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { buildItem, buildItemInput } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

const LISBON = '2267057';
const SINTRA = '2262912'; // ~23 km from Lisbon
const PORTO = '2735943'; // ~275 km
const CHIANG_MAI = '1153671';

let env: ItemsTestEnv;
let owner: TestSession;
let viewer: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  [owner, viewer] = await Promise.all([env.signIn(), env.signIn()]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const stored = (id: string) => env.ctx.items.findById(id).lean();
const titles = (res: { body: Item[] }) => res.body.map((item) => item.title).sort();

describe('an item’s location is stored as a place (issue 22)', () => {
  it('lists an item in a picked city: its label replaces the text, its id is stored and answered', async () => {
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ location: 'chiang', placeId: CHIANG_MAI }));
    expect(res.status).toBe(201);
    expect(ItemSchema.strict().parse(res.body)).toMatchObject({
      location: 'Chiang Mai, Thailand',
      placeId: CHIANG_MAI,
    });
    expect(await stored(res.body.id)).toMatchObject({
      location: 'Chiang Mai, Thailand',
      placeId: CHIANG_MAI,
    });
  });

  it('refuses a place id that names no city with 400 on placeId, and lists nothing', async () => {
    const before = await env.ctx.items.countDocuments();
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ placeId: '1' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: MSG.placeUnknown,
      details: [{ field: 'placeId', message: MSG.placeUnknown }],
    });
    expect(await env.ctx.items.countDocuments()).toBe(before);
  });

  it.each([
    ['Lisboa', 'Lisbon, Portugal', LISBON],
    ['lisbon portugal', 'Lisbon, Portugal', LISBON],
    ['Bali', 'Bali', null],
    ['In a van near the coast', 'In a van near the coast', null],
  ])('lists an item with the text %s: stored as %s, place %s', async (text, location, placeId) => {
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ location: text }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ location, placeId });
    expect(await stored(res.body.id)).toMatchObject({ location, placeId });
  });

  it('moves an item on edit: to a picked city, to matched text, to text that names none', async () => {
    const item = await buildItem(env, { userId: owner.id });
    const edit = (changes: object) =>
      api().put(`/api/items/${item._id.toHexString()}`).set(owner.headers).send(buildItemInput(changes));
    expect((await edit({ location: 'Porto', placeId: PORTO })).body).toMatchObject({
      location: 'Porto, Portugal',
      placeId: PORTO,
    });
    expect((await edit({ location: 'sintra' })).body).toMatchObject({
      location: 'Sintra, Portugal',
      placeId: SINTRA,
    });
    expect((await edit({ location: 'Atlantis, Greece' })).body).toMatchObject({
      location: 'Atlantis, Greece',
      placeId: null,
    });
    const unknown = await edit({ location: 'Lisbon', placeId: '99999999' });
    expect(unknown.status).toBe(400);
    expect(await stored(item._id.toHexString())).toMatchObject({
      location: 'Atlantis, Greece',
      placeId: null,
    });
  });
});

describe('browse by place (issue 22)', () => {
  beforeAll(async () => {
    await env.ctx.items.deleteMany({});
    const place = (title: string, location: string, placeId: string | null) =>
      buildItem(env, { userId: owner.id, title, location, placeId });
    await place('lisbon item', 'Lisbon, Portugal', LISBON);
    await place('sintra item', 'Sintra, Portugal', SINTRA);
    await place('porto item', 'Porto, Portugal', PORTO);
    await place('old lisbon text', 'lisbon downtown', null);
    await place('old lisboa text', 'Lisboa centro', null);
    await place('bali text', 'Bali, Indonesia', null);
    await buildItem(env, { userId: owner.id, title: 'bangkok item' });
  });

  const browse = (query: string, session: TestSession | null = viewer) => {
    const req = api().get(`/api/items?${query}`);
    return session ? req.set(session.headers) : req;
  };

  it('finds the items of a picked place', async () => {
    const res = await browse(`placeId=${LISBON}`);
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(['lisbon item']);
  });

  it('finds the items of every city within the radius of the place, not further', async () => {
    expect(titles(await browse(`placeId=${LISBON}&withinKm=${PLACE_LIMITS.nearbyKm}`))).toEqual([
      'lisbon item',
      'sintra item',
    ]);
    expect(titles(await browse(`placeId=${LISBON}&withinKm=${PLACE_LIMITS.nearbyMaxKm}`))).toEqual([
      'lisbon item',
      'sintra item',
    ]);
    expect(titles(await browse(`placeId=${PORTO}&withinKm=${PLACE_LIMITS.nearbyKm}`))).toEqual([
      'porto item',
    ]);
  });

  it('resolves a location text to its place, and still matches rows by their text', async () => {
    // 'Lisboa' names Lisbon: Lisbon's items, plus old rows whose text says Lisboa.
    expect(titles(await browse('location=Lisboa'))).toEqual(['lisbon item', 'old lisboa text']);
    expect(titles(await browse('location=Lisbon'))).toEqual(['lisbon item', 'old lisbon text']);
    expect(titles(await browse('location=Lisbon&withinKm=50'))).toEqual([
      'lisbon item',
      'old lisbon text',
      'sintra item',
    ]);
    // A preset city that is no city: its text still works.
    expect(titles(await browse('location=Bali'))).toEqual(['bali text']);
    expect(titles(await browse('location=Atlantis'))).toEqual([]);
  });

  it('gives visitors no location filter: a place asked for is ignored', async () => {
    const res = await browse(`placeId=${PORTO}&withinKm=50&location=Porto`, null);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    for (const card of res.body) expect(ItemCardSchema.parse(card)).toEqual(card);
  });

  it('caches each place and radius under its own key', async () => {
    expect(titles(await browse(`placeId=${SINTRA}`))).toEqual(['sintra item']);
    expect(titles(await browse(`placeId=${SINTRA}&withinKm=50`))).toEqual(['lisbon item', 'sintra item']);
    expect(titles(await browse(`placeId=${PORTO}`))).toEqual(['porto item']);
  });

  it('refuses a place id that names no city, and a radius outside 1–200 km', async () => {
    const unknown = await browse('placeId=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: 'placeId', message: MSG.placeUnknown }]);
    for (const query of [
      `withinKm=${PLACE_LIMITS.nearbyMaxKm + 1}`,
      'withinKm=0',
      'withinKm=1.5',
      'placeId=x',
    ]) {
      const res = await browse(`placeId=${LISBON}&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps counting items per location text in /api/items/stats', async () => {
    const res = await api().get('/api/items/stats');
    expect(res.body.locationCounts).toMatchObject({
      'Lisbon, Portugal': 1,
      'Sintra, Portugal': 1,
      'Bali, Indonesia': 1,
      'Bangkok, Thailand': 1,
    });
  });
});
