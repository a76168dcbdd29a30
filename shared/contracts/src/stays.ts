import { z } from 'zod';
import { requiredText } from './common';
import { MSG } from './messages';
import { PlaceIdSchema } from './places';

const DAY = 86_400_000;

/** Stays (issue 22): where a user is until when, and where they go next. */
export const STAY_LIMITS = {
  /** The last day of a stay and the first of the next are at most this far ahead of the server's clock. */
  maxAheadMs: 365 * DAY,
  /** Cards and item detail show "Leaving in 3 days" beside an owner whose stay in the item's city ends this soon. */
  ownerLeavingSoonMs: 7 * DAY,
  locationMax: 120,
} as const;

/** A day (`YYYY-MM-DD`) on the wall calendar of the stay's city. */
const StayDateSchema = z.iso.date({ error: MSG.availableUntilInvalid });

/** A stay's city: a picked place, or text matched with the gazetteer on save (as every location field). */
const stayPlace = {
  location: requiredText(MSG.locationRequired, STAY_LIMITS.locationMax),
  placeId: PlaceIdSchema.optional(),
};

/** `stay.next`: the next city, from its first day there. */
export const StayNextInputSchema = z.strictObject({ ...stayPlace, from: StayDateSchema });

/**
 * `stay` of PUT /api/users/:id: in `location` until `until` (the last day there), then optionally `next` from
 * `from`. null clears it; left out keeps it. How far ahead the dates are is checked by the server, in each city's
 * time zone, against its own clock.
 */
export const StayInputSchema = z.strictObject({
  ...stayPlace,
  until: StayDateSchema,
  next: StayNextInputSchema.nullable().optional(),
});
export type StayInput = z.infer<typeof StayInputSchema>;

const StayPlaceViewSchema = z.object({
  /** The place's label, or the text as written when it named no city. */
  location: z.string(),
  placeId: z.string().nullable(),
  /** IANA zone the dates are in (the city's; UTC for text that named no city): format them there. */
  timezone: z.string(),
});

/** A stay as GET /api/users/:id returns it (the public profile shows it too). */
export const StaySchema = StayPlaceViewSchema.extend({
  /** The last day, as it was picked. */
  untilDate: z.string(),
  /** The moment the stay ends: 23:59 of that day in `timezone` (ISO). */
  until: z.string(),
  next: StayPlaceViewSchema.extend({
    fromDate: z.string(),
    /** 00:00 of that day in the next city's time zone (ISO). */
    from: z.string(),
  }).nullable(),
});
export type Stay = z.infer<typeof StaySchema>;
