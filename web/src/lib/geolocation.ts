import { LIMITS } from '@nomadswap/contracts/enums';

/** Why detecting the location failed; each has its text in the catalogue (`location.errors.*`). */
export type LocationErrorCode =
  'unsupported' | 'permissionDenied' | 'positionUnavailable' | 'timeout' | 'failed' | 'noPlace' | 'noName';

export class LocationError extends Error {
  readonly code: LocationErrorCode;

  constructor(code: LocationErrorCode, options?: { cause?: unknown }) {
    super(`Location detection failed: ${code}`, options);
    this.name = 'LocationError';
    this.code = code;
  }
}

export function isLocationError(error: unknown): error is LocationError {
  return error instanceof LocationError;
}

export interface DetectedLocation {
  city: string;
  country: string;
  /** 'City, Country', the form the location fields expect. */
  formatted: string;
}

/** Placeholders for a missing city or country (spec section 8); the caller passes the translated texts. */
export interface UnknownPlaceNames {
  city: string;
  country: string;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** High accuracy, 10 s timeout, a cached position at most 60 s old (spec section 7). */
export const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: LIMITS.geolocationTimeoutMs,
  maximumAge: LIMITS.geolocationMaxAgeMs,
};

/** The browser's position, or a {@link LocationError} saying why there is none. */
export function getCurrentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<Coordinates> {
  if (!geolocation) return Promise.reject(new LocationError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => {
        // GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout.
        const code: LocationErrorCode =
          error.code === 1
            ? 'permissionDenied'
            : error.code === 2
              ? 'positionUnavailable'
              : error.code === 3
                ? 'timeout'
                : 'failed';
        reject(new LocationError(code, { cause: error }));
      },
      POSITION_OPTIONS,
    );
  });
}

interface NominatimAddress {
  city?: string;
  town?: string;
  village?: string;
  hamlet?: string;
  country?: string;
}

/**
 * Turns coordinates into 'City, Country' with a Nominatim-style `/reverse` endpoint. Called with plain
 * `fetch`, never the API client: the session token must not go to a third party.
 */
export async function reverseGeocode(
  { latitude, longitude }: Coordinates,
  { endpoint, unknown, signal }: { endpoint: string; unknown: UnknownPlaceNames; signal?: AbortSignal },
): Promise<DetectedLocation> {
  const url = new URL(endpoint);
  url.searchParams.set('format', 'json');
  url.searchParams.set('lat', String(latitude));
  url.searchParams.set('lon', String(longitude));
  url.searchParams.set('addressdetails', '1');

  let data: { error?: unknown; address?: NominatimAddress };
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    data = (await response.json()) as typeof data;
  } catch (error) {
    throw new LocationError('noName', { cause: error });
  }
  if (data.error || !data.address) throw new LocationError('noPlace');

  const { address } = data;
  const foundCity = address.city ?? address.town ?? address.village ?? address.hamlet;
  // Neither part known (open sea, a desert): 'Unknown City, Unknown Country' would help nobody.
  if (!foundCity && !address.country) throw new LocationError('noPlace');
  const city = foundCity ?? unknown.city;
  const country = address.country ?? unknown.country;
  return { city, country, formatted: `${city}, ${country}` };
}

/** Browser position, then its place name. Every failure is a {@link LocationError}. */
export async function detectLocation(options: {
  endpoint: string;
  unknown: UnknownPlaceNames;
  signal?: AbortSignal;
}): Promise<DetectedLocation> {
  let coords: Coordinates;
  try {
    coords = await getCurrentPosition();
  } catch (error) {
    throw isLocationError(error) ? error : new LocationError('failed', { cause: error });
  }
  return reverseGeocode(coords, options);
}
