import { MSG } from '@nomadswap/contracts/messages';
import { STAY_LIMITS, type Stay, type StayInput } from '@nomadswap/contracts/stays';
import { ValidationError } from '@nomadswap/service-kit/errors';
import { storedLocation } from '@nomadswap/service-kit/places';
import { getPlace } from '@nomadswap/places/places';
import { dateIn, endOfDayIn, startOfDayIn } from '@nomadswap/places/wall-clock';
import type { StayPlaceRecord, StayRecord } from '../data/user-model';

function refuse(field: string, message: string): ValidationError {
  return new ValidationError(message, { details: [{ field, message }] });
}

/** A stay's city as stored: matched like every location field, with the zone its days are read in. */
function stayPlace(input: { location: string; placeId?: string }, field: string): StayPlaceRecord {
  try {
    const { location, placeId } = storedLocation(input);
    return { location, placeId, timezone: (placeId && getPlace(placeId)?.timezone) || 'UTC' };
  } catch (error) {
    // The kit names the top-level `placeId`; here it is the stay's.
    if (error instanceof ValidationError) throw refuse(`${field}.placeId`, error.message);
    throw error;
  }
}

/**
 * The stay to store for what the profile form sent (issue 22), checked against the context's clock in each
 * city's own time zone: the last day is today or later there (leaving today is allowed) and at most a year
 * ahead; the next stay starts today or later in its city, not before the last day of this one (arriving the
 * day one leaves is allowed: an overnight bus), and within a year too. A city that names no place reads its
 * days in UTC. 400 on `stay.until` / `stay.next.from` otherwise.
 */
export function resolveStay(now: Date, input: StayInput): StayRecord {
  const place = stayPlace(input, 'stay');
  const latest = now.getTime() + STAY_LIMITS.maxAheadMs;
  const until = endOfDayIn(input.until, place.timezone);
  if (input.until < dateIn(now, place.timezone)) throw refuse('stay.until', MSG.stayUntilPast);
  if (until.getTime() > latest) throw refuse('stay.until', MSG.availableUntilTooFar);
  let next: StayRecord['next'] = null;
  if (input.next) {
    const nextPlace = stayPlace(input.next, 'stay.next');
    const from = startOfDayIn(input.next.from, nextPlace.timezone);
    if (input.next.from < dateIn(now, nextPlace.timezone)) throw refuse('stay.next.from', MSG.stayNextPast);
    if (input.next.from < input.until) throw refuse('stay.next.from', MSG.stayNextBeforeUntil);
    if (from.getTime() > latest) throw refuse('stay.next.from', MSG.availableUntilTooFar);
    next = { ...nextPlace, fromDate: input.next.from, from };
  }
  return { ...place, untilDate: input.until, until, next };
}

/** A stored stay as the API and the user events carry it. */
export function toStayView(stay: StayRecord | null | undefined): Stay | null {
  if (!stay) return null;
  const place = (p: StayPlaceRecord) => ({
    location: p.location,
    placeId: p.placeId ?? null,
    timezone: p.timezone,
  });
  return {
    ...place(stay),
    untilDate: stay.untilDate,
    until: new Date(stay.until).toISOString(),
    next: stay.next
      ? { ...place(stay.next), fromDate: stay.next.fromDate, from: new Date(stay.next.from).toISOString() }
      : null,
  };
}
