import { z } from 'zod';
import { requiredText } from './common';
import { MSG } from './messages';
import { PlaceIdSchema } from './places';
import { STAY_LIMITS } from './stay-limits';

// Apart (no zod there) for the web app's first screens; still exported from here.
export { STAY_LIMITS };

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
