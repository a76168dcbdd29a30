import { z } from 'zod';
import { MSG } from './messages';
import { PLACE_LIMITS } from './place-limits';

/**
 * Places (issue 22): cities from the GeoNames data (every city of at least 1,000 people), served by the items
 * service from the shared gazetteer (`@nomadswap/places`). A place id is the GeoNames id, as a string.
 */
export const PlaceIdSchema = z.string().regex(/^\d{1,10}$/, { error: MSG.invalidPlace });

/** The limits live in a file without zod, so the web app's first load can read them (./place-limits.ts). */
export { PLACE_LIMITS };

/** A city as every client sees it: `label` is what location fields show and store ('Lisbon, Portugal'). */
export const PlaceSchema = z.object({
  id: PlaceIdSchema,
  name: z.string(),
  /** The country's English name ('Portugal'). */
  country: z.string(),
  /** ISO 3166-1 alpha-2 ('PT'). */
  countryCode: z.string(),
  label: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** IANA time zone ('Europe/Lisbon'): a stay's and a deadline's dates are in it. */
  timezone: z.string(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** GET /api/places?q=lis&limit=8 → Place[] (best first; public). */
export const PlaceSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: MSG.placeSearchRequired }).max(PLACE_LIMITS.queryMax),
  limit: z.coerce.number().int().min(1).max(PLACE_LIMITS.searchMax).optional(),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuerySchema>;

/** GET /api/places/nearest?lat=&lon= → Place (public). Clients round the position first (PLACE_LIMITS). */
export const NearestPlaceQuerySchema = z.object({
  lat: z.coerce
    .number({ error: MSG.latitudeRange })
    .min(-90, { error: MSG.latitudeRange })
    .max(90, { error: MSG.latitudeRange }),
  lon: z.coerce
    .number({ error: MSG.longitudeRange })
    .min(-180, { error: MSG.longitudeRange })
    .max(180, { error: MSG.longitudeRange }),
});
export type NearestPlaceQuery = z.infer<typeof NearestPlaceQuerySchema>;
