import { LIMITS } from '@nomadswap/contracts/enums';
import { PLACE_LIMITS } from '@nomadswap/contracts/place-limits';
import type { Place } from '@nomadswap/contracts/places';
import { apiGet, isApiError } from './api-client';
import { LocationError, isLocationError, type LocationErrorCode } from './location-error';

export interface DetectedLocation {
  city: string;
  country: string;
  /** 'City, Country', the form the location fields expect. */
  formatted: string;
  /** The gazetteer's city; null when only the optional third-party geocoder could name the place. */
  place: Place | null;
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

/**
 * The position as it may leave the browser: rounded to PLACE_LIMITS.positionDecimals (2 decimals, about a
 * kilometre), enough to name the city and too coarse to find the person.
 */
export function roundPosition({ latitude, longitude }: Coordinates): Coordinates {
  const factor = 10 ** PLACE_LIMITS.positionDecimals;
  const round = (value: number) => Math.round(value * factor) / factor;
  return { latitude: round(latitude), longitude: round(longitude) };
}

/** GET /api/places/nearest: the gazetteer's city nearest to an (already rounded) position, on our own server. */
export function findNearestPlace({ latitude, longitude }: Coordinates, signal?: AbortSignal): Promise<Place> {
  return apiGet<Place>('/api/places/nearest', { lat: latitude, lon: longitude }, signal);
}

/**
 * Browser position, rounded, then its city from our server (issue 22: the position never leaves our stack).
 * Only when our server cannot answer and a third-party geocoder is configured (`fallbackEndpoint`) is the
 * rounded position sent there instead. Every failure is a {@link LocationError}.
 */
export async function detectLocation({
  fallbackEndpoint,
  unknown,
  signal,
}: {
  fallbackEndpoint: string | null;
  unknown: UnknownPlaceNames;
  signal?: AbortSignal;
}): Promise<DetectedLocation> {
  let coords: Coordinates;
  try {
    coords = roundPosition(await getCurrentPosition());
  } catch (error) {
    throw isLocationError(error) ? error : new LocationError('failed', { cause: error });
  }
  try {
    const place = await findNearestPlace(coords, signal);
    return { city: place.name, country: place.country, formatted: place.label, place };
  } catch (error) {
    if (fallbackEndpoint && !signal?.aborted) {
      // Loaded only when needed: the fallback is off by default and stays out of the first load.
      const { reverseGeocode } = await import('./reverse-geocode');
      return reverseGeocode(coords, { endpoint: fallbackEndpoint, unknown, signal });
    }
    // A 404 is the server's "no city near there"; anything else, that it could not tell.
    const code = isApiError(error) && error.status === 404 ? 'noPlace' : 'noName';
    throw new LocationError(code, { cause: error });
  }
}
