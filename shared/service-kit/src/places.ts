import mongoose, { type Model, type Types } from 'mongoose';
import { MSG } from '@nomadswap/contracts/messages';
import type { Place } from '@nomadswap/contracts/places';
import { getPlace, matchPlace, warmPlaces } from '@nomadswap/places/places';
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

/** How many rows {@link matchStoredLocations} reads at a time. */
export const MATCH_LOCATIONS_BATCH = 200;

interface LocatedRow {
  _id: Types.ObjectId;
  location?: string;
}

/**
 * The migration of issue 22: rows written before places existed (no `placeId` field at all) get the place
 * their text names — `placeId` and the place's label as `location` — or `placeId: null` when it names none,
 * keeping their text. Batched by `_id`; idempotent (a row with a `placeId` field, even null, is done, and each
 * update is conditional on the field still missing, so an edit made meanwhile wins). Services run it once they
 * listen; it builds the gazetteer first, so the first request that needs a place does not wait for it.
 */
export async function matchStoredLocations(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model with `location` and `placeId`
  model: Model<any>,
  options: { batchSize?: number } = {},
): Promise<{ matched: number; unmatched: number }> {
  warmPlaces();
  const notYet = { placeId: mongoose.trusted({ $exists: false }) };
  const counts = { matched: 0, unmatched: 0 };
  let after: Types.ObjectId | undefined;
  for (;;) {
    const rows = await model
      .find({ ...notYet, ...(after ? { _id: mongoose.trusted({ $gt: after }) } : {}) })
      .sort({ _id: 1 })
      .limit(options.batchSize ?? MATCH_LOCATIONS_BATCH)
      .select({ location: 1 })
      .lean<LocatedRow[]>();
    if (rows.length === 0) return counts;
    for (const row of rows) {
      const place = row.location ? matchPlace(row.location) : undefined;
      counts[place ? 'matched' : 'unmatched']++;
      await model.updateOne(
        { _id: row._id, ...notYet },
        { $set: place ? { location: place.label, placeId: place.id } : { placeId: null } },
      );
    }
    after = rows[rows.length - 1]!._id;
  }
}
