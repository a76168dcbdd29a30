import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/api-mock';
import { LocationError } from './location-error';
import { reverseGeocode } from './reverse-geocode';

const unknown = { city: 'Unknown City', country: 'Unknown Country' };
const endpoint = 'https://geo.example/reverse';
const coords = { latitude: 13.75, longitude: 100.5 };

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LocationError);
  return (error as LocationError).code;
}

describe('reverseGeocode', () => {
  it('reads the city, else town, village or hamlet, and the country', async () => {
    mockApi({ 'GET /reverse': { body: { address: { village: 'Ban Phe', country: 'Thailand' } } } });

    await expect(reverseGeocode(coords, { endpoint, unknown })).resolves.toEqual({
      city: 'Ban Phe',
      country: 'Thailand',
      formatted: 'Ban Phe, Thailand',
      place: null,
    });
  });

  it('fills a missing part with Unknown City / Unknown Country', async () => {
    mockApi({ 'GET /reverse': { body: { address: { country: 'Thailand' } } } });
    await expect(reverseGeocode(coords, { endpoint, unknown })).resolves.toMatchObject({
      formatted: 'Unknown City, Thailand',
    });

    mockApi({ 'GET /reverse': { body: { address: { hamlet: 'Nowhere' } } } });
    await expect(reverseGeocode(coords, { endpoint, unknown })).resolves.toMatchObject({
      formatted: 'Nowhere, Unknown Country',
    });
  });

  it('an error answer, or no place at all, cannot be resolved from the coordinates', async () => {
    mockApi({ 'GET /reverse': { body: { error: 'Unable to geocode' } } });
    expect(await failure(reverseGeocode(coords, { endpoint, unknown }))).toBe('noPlace');

    mockApi({ 'GET /reverse': { body: { address: {} } } });
    expect(await failure(reverseGeocode(coords, { endpoint, unknown }))).toBe('noPlace');
  });

  it('a failed request means the name could not be determined', async () => {
    mockApi({ 'GET /reverse': { status: 503, body: { error: 'busy' } } });
    expect(await failure(reverseGeocode(coords, { endpoint, unknown }))).toBe('noName');
  });

  it('never sends the session token to the geocoder', async () => {
    window.localStorage.setItem('authToken', 'secret-token');
    const fetchMock = mockApi({
      'GET /reverse': { body: { address: { city: 'Bangkok', country: 'Thailand' } } },
    });

    await reverseGeocode(coords, { endpoint, unknown });

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });
});
