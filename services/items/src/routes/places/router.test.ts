import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_LIMITS, PlaceSchema, type Place } from '@nomadswap/contracts/places';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

let env: ItemsTestEnv;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
});
afterAll(() => env.close());

const api = () => request(env.app);

describe('GET /api/places (city suggestions)', () => {
  it('gives a visitor the best cities for a prefix in the contract shape, cacheable', async () => {
    const res = await api().get('/api/places?q=lis');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const places = PlaceSchema.strict().array().parse(res.body);
    expect(places).toHaveLength(PLACE_LIMITS.searchDefault);
    expect(places[0]).toMatchObject({
      id: '2267057',
      name: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      label: 'Lisbon, Portugal',
      timezone: 'Europe/Lisbon',
    });
  });

  it('matches local names and accents: Lisboa, sao paulo, Saigon', async () => {
    for (const [q, label] of [
      ['Lisboa', 'Lisbon, Portugal'],
      ['sao paulo', 'São Paulo, Brazil'],
      ['Saigon', 'Ho Chi Minh City, Vietnam'],
      ['Lisbon, PT', 'Lisbon, Portugal'],
    ]) {
      const res = await api().get('/api/places').query({ q });
      expect(res.status, q).toBe(200);
      expect((res.body as Place[])[0]?.label, q).toBe(label);
    }
  });

  it('answers an unknown name with an empty list', async () => {
    const res = await api().get('/api/places?q=xqzvkw');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('accepts a limit of up to 20 and a text of up to 80 characters', async () => {
    const twenty = await api().get(`/api/places?q=s&limit=${PLACE_LIMITS.searchMax}`);
    expect(twenty.status).toBe(200);
    expect(twenty.body).toHaveLength(PLACE_LIMITS.searchMax);
    const one = await api().get('/api/places?q=s&limit=1');
    expect(one.body).toHaveLength(1);
    const long = await api()
      .get('/api/places')
      .query({ q: 'a'.repeat(PLACE_LIMITS.queryMax) });
    expect(long.status).toBe(200);
  });

  it.each([
    ['q=s&limit=21', 'limit'],
    ['q=s&limit=0', 'limit'],
    ['q=s&limit=ten', 'limit'],
    [`q=${'a'.repeat(81)}`, 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    ['', 'q'],
    ['q[$gt]=a', 'q'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await api().get(`/api/places?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details[0].field).toBe(field);
  });
});

describe('GET /api/places/nearest (Use Current Location)', () => {
  it('gives the city nearest to a position, never cached', async () => {
    const res = await api().get('/api/places/nearest?lat=38.72&lon=-9.14');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(PlaceSchema.strict().parse(res.body).label).toBe('Lisbon, Portugal');
  });

  it('gives the nearest coastal city for a point at sea', async () => {
    const res = await api().get('/api/places/nearest?lat=38.5&lon=-10.5');
    expect(res.body.label).toBe('Cascais, Portugal');
  });

  it.each([
    ['lat=90&lon=0', 200],
    ['lat=-90&lon=0', 200],
    ['lat=0&lon=180', 200],
    ['lat=0&lon=-180', 200],
    ['lat=90.0001&lon=0', 400],
    ['lat=-90.0001&lon=0', 400],
    ['lat=0&lon=180.0001', 400],
    ['lat=0&lon=-180.0001', 400],
    ['lat=abc&lon=0', 400],
    ['lat=0', 400],
    ['lon=0', 400],
  ])('answers %s with %i', async (query, status) => {
    const res = await api().get(`/api/places/nearest?${query}`);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.code).toBe('VALIDATION_ERROR');
    else expect(PlaceSchema.safeParse(res.body).success).toBe(true);
  });
});
