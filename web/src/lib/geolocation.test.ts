import { describe, expect, it, vi } from 'vitest';
import { buildPlace, jsonResponse, mockApi } from '../testing/api-mock';
import { detectLocation, getCurrentPosition, roundPosition } from './geolocation';
import { LocationError } from './location-error';

const unknown = { city: 'Unknown City', country: 'Unknown Country' };

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LocationError);
  return (error as LocationError).code;
}

const lisbon = buildPlace();

function positionAt(latitude: number, longitude: number) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude, longitude } } as GeolocationPosition),
    },
  });
}

/** The query of the one call made to `path`. */
function queryOf(fetchMock: ReturnType<typeof mockApi>, path: string) {
  const calls = fetchMock.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://localhost').pathname === path,
  );
  expect(calls).toHaveLength(1);
  return Object.fromEntries(new URL(String(calls[0]?.[0]), 'http://localhost').searchParams);
}

describe('roundPosition', () => {
  it('keeps two decimals (about a kilometre) of each coordinate', () => {
    expect(roundPosition({ latitude: 38.716_666, longitude: -9.139_999 })).toEqual({
      latitude: 38.72,
      longitude: -9.14,
    });
    expect(roundPosition({ latitude: 13.754_9, longitude: 100.501_1 })).toEqual({
      latitude: 13.75,
      longitude: 100.5,
    });
  });
});

describe('detectLocation', () => {
  it('asks our server for the city nearest the rounded position, never the exact one', async () => {
    positionAt(38.716_666_7, -9.139_123_4);
    const fetchMock = mockApi({ 'GET /api/places/nearest': { body: lisbon } });

    await expect(detectLocation({ fallbackEndpoint: null, unknown })).resolves.toEqual({
      city: 'Lisbon',
      country: 'Portugal',
      formatted: 'Lisbon, Portugal',
      place: lisbon,
    });
    expect(queryOf(fetchMock, '/api/places/nearest')).toEqual({ lat: '38.72', lon: '-9.14' });
  });

  it('when our server fails and no geocoder is configured, nothing else is asked', async () => {
    positionAt(38.72, -9.14);
    const fetchMock = mockApi({ 'GET /api/places/nearest': { status: 503, body: { error: 'busy' } } });

    expect(await failure(detectLocation({ fallbackEndpoint: null, unknown }))).toBe('noName');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("our server's 404 means no city could be found there", async () => {
    positionAt(0, -160);
    mockApi({ 'GET /api/places/nearest': { status: 404, body: { error: 'No place found' } } });

    expect(await failure(detectLocation({ fallbackEndpoint: null, unknown }))).toBe('noPlace');
  });

  it('when our server fails and a geocoder is configured, it gets the rounded position', async () => {
    positionAt(38.801_234, -9.388_765);
    const fetchMock = mockApi({
      'GET /api/places/nearest': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /reverse': () =>
        Promise.resolve(jsonResponse(200, { address: { town: 'Sintra', country: 'Portugal' } })),
    });

    await expect(
      detectLocation({ fallbackEndpoint: 'https://geo.example/reverse', unknown }),
    ).resolves.toEqual({ city: 'Sintra', country: 'Portugal', formatted: 'Sintra, Portugal', place: null });
    expect(queryOf(fetchMock, '/reverse')).toMatchObject({ lat: '38.8', lon: '-9.39' });
  });

  it('a refused permission asks no server at all', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
          fail?.({ code: 1 } as GeolocationPositionError),
      },
    });
    const fetchMock = mockApi({});

    expect(await failure(detectLocation({ fallbackEndpoint: 'https://geo.example/reverse', unknown }))).toBe(
      'permissionDenied',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('getCurrentPosition', () => {
  it('without geolocation support it fails as unsupported', async () => {
    expect(await failure(getCurrentPosition(undefined))).toBe('unsupported');
  });

  it('maps the browser error codes to denied, unavailable and timeout', async () => {
    const failingWith = (code: number) =>
      ({
        getCurrentPosition: vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
          fail?.({ code } as GeolocationPositionError),
        ),
      }) as unknown as Geolocation;

    expect(await failure(getCurrentPosition(failingWith(1)))).toBe('permissionDenied');
    expect(await failure(getCurrentPosition(failingWith(2)))).toBe('positionUnavailable');
    expect(await failure(getCurrentPosition(failingWith(3)))).toBe('timeout');
  });
});
