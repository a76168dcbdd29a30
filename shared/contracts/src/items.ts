import { z } from 'zod';
import { MSG } from './messages';
import { IdSchema, ImageDataUrlSchema, requiredText } from './common';
import { CATEGORIES, CONDITION_VALUES, LIMITS } from './enums';
import { PLACE_LIMITS, PlaceIdSchema } from './places';

const images = z
  .array(
    z.union([ImageDataUrlSchema, z.string().regex(/^\/api\/images\/[a-f0-9]{24}/)], {
      error: MSG.invalidFileType,
    }),
  )
  .max(LIMITS.maxPhotosPerItem, { error: MSG.maxPhotos });

const itemFields = {
  title: requiredText(MSG.titleRequired, 120),
  description: requiredText(MSG.descriptionRequired, 2000),
  category: z.enum(CATEGORIES, { error: MSG.categoryRequired }),
  condition: z.enum(CONDITION_VALUES, { error: MSG.conditionRequired }),
  location: requiredText(MSG.locationRequired, 120),
  /** The city picked from the suggestions (issue 22); without it the server matches `location`'s text. */
  placeId: PlaceIdSchema.optional(),
  preferredExchange: z.string().trim().max(300).optional(),
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

export const ItemQuerySchema = z.object({
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

/** GET /api/admin/all-items — the browse filters, with pages of up to 1000 for moderation. */
export const AdminItemQuerySchema = ItemQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type AdminItemQuery = z.infer<typeof AdminItemQuerySchema>;
