import { z } from 'zod';
import { MSG } from './messages';
import { IdSchema, ImageDataUrlSchema, requiredText } from './common';
import { CATEGORIES, CONDITION_VALUES, LIMITS } from './enums';
import { PLACE_LIMITS, PlaceIdSchema } from './places';
import { ITEM_DEADLINE_LIMITS } from './item-limits';

const images = z
  .array(
    z.union([ImageDataUrlSchema, z.string().regex(/^\/api\/images\/[a-f0-9]{24}/)], {
      error: MSG.invalidFileType,
    }),
  )
  .max(LIMITS.maxPhotosPerItem, { error: MSG.maxPhotos });

// Apart (no zod there) for the web app's first screens; still exported from here.
export { ITEM_DEADLINE_LIMITS };

/**
 * An item's deadline: an ISO date-time with an offset, or a date (`YYYY-MM-DD`) meaning 23:59 that day in the
 * item's city's time zone. How far ahead it may be is checked by the server against its own clock.
 */
export const AvailableUntilSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: MSG.availableUntilInvalid,
});

const itemFields = {
  title: requiredText(MSG.titleRequired, 120),
  description: requiredText(MSG.descriptionRequired, 2000),
  category: z.enum(CATEGORIES, { error: MSG.categoryRequired }),
  condition: z.enum(CONDITION_VALUES, { error: MSG.conditionRequired }),
  location: requiredText(MSG.locationRequired, 120),
  /** The city picked from the suggestions (issue 22); without it the server matches `location`'s text. */
  placeId: PlaceIdSchema.optional(),
  preferredExchange: z.string().trim().max(300).optional(),
  /** Until when it is listed (issue 22); null on an edit removes the deadline, left out keeps it. */
  availableUntil: AvailableUntilSchema.nullable().optional(),
};

/**
 * POST /api/items. The web app sends `userId` too (spec section 7); it is dropped here — the owner always
 * comes from the token.
 */
export const ItemCreateSchema = z.object({ ...itemFields, images: images.optional().default([]) });
export type ItemCreateInput = z.infer<typeof ItemCreateSchema>;

/** PUT /api/items/:id — same fields; images optional (existing image URLs are kept, data URLs are new photos). */
export const ItemUpdateSchema = z.object({ ...itemFields, images: images.optional() });
export type ItemUpdateInput = z.infer<typeof ItemUpdateSchema>;

/** Browse orders: newest first (the default), or the items with the nearest deadline first, then the rest newest. */
export const ITEM_SORTS = ['newest', 'leaving-soon'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export const ItemQuerySchema = z.object({
  sort: z.enum(ITEM_SORTS).optional(),
  category: z
    .enum(CATEGORIES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  location: z.string().trim().max(120).optional(),
  /** Browse by place (issue 22): items in this city, or within `withinKm` of its centre. */
  placeId: PlaceIdSchema.optional(),
  withinKm: z.coerce.number().int().min(1).max(PLACE_LIMITS.nearbyMaxKm).optional(),
  userId: IdSchema.optional(),
  q: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type ItemQuery = z.infer<typeof ItemQuerySchema>;

/** POST /api/items/:id/relist — the owner lists an expired item again, or extends a listed one's deadline. */
export const ItemRelistSchema = z.strictObject({ availableUntil: AvailableUntilSchema });
export type ItemRelistInput = z.infer<typeof ItemRelistSchema>;

/** GET /api/admin/all-items — the browse filters, with pages of up to 1000 for moderation. */
export const AdminItemQuerySchema = ItemQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type AdminItemQuery = z.infer<typeof AdminItemQuerySchema>;
