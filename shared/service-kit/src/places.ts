import { MSG } from '@nomadswap/contracts/messages';
import type { Place } from '@nomadswap/contracts/places';
import { getPlace, matchPlace } from '@nomadswap/places/places';
import { ValidationError } from './errors';

/** The place with this id, or a 400 'Choose a city from the list' on `placeId` when there is none. */
export function getPlaceOr400(id: string): Place {
  const place = getPlace(id);
  if (!place) {
    throw new ValidationError(MSG.placeUnknown, {
      details: [{ field: 'placeId', message: MSG.placeUnknown }],
    });
  }
  return place;
}

/** A location as stored on a user or an item (issue 22). */
export interface StoredLocation {
  /** The place's label ('Lisbon, Portugal') when it is a known city, else the text as written. */
  location: string;
  placeId: string | null;
}

/**
 * The location to store for what a form sent: a picked city (`placeId`) must exist — else 400 'Choose a city
 * from the list' on `placeId` — and stores its label; free text is matched (`matchPlace`: 'Lisboa' → Lisbon,
 * Portugal) and, when it names no city, kept as written with no place, so it still works everywhere.
 */
export function storedLocation(input: { location: string; placeId?: string | null }): StoredLocation {
  if (input.placeId) {
    const place = getPlaceOr400(input.placeId);
    return { location: place.label, placeId: place.id };
  }
  const place = matchPlace(input.location);
  return place ? { location: place.label, placeId: place.id } : { location: input.location, placeId: null };
}
