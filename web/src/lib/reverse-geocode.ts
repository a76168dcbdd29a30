import type { Coordinates, DetectedLocation, UnknownPlaceNames } from './geolocation';
import { LocationError } from './location-error';

/*
 * The optional third-party fallback of "detect my location" (issue 22;
 * docs/decisions/0067-location-fields-are-a-city-picker-detect-my-location-asks.md): asked only when our own
 * /api/places/nearest fails and VITE_GEOCODER_URL is set.
 */

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
  return { city, country, formatted: `${city}, ${country}`, place: null };
}
