import { Router } from 'express';
import { z } from 'zod';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { preferredImageFormat, sendImmutableImage } from '@nomadswap/service-kit/image-response';
import { validate } from '@nomadswap/service-kit/validate';
import type { ItemsContext } from '../../context';
import { IMAGE_SIZE_NAMES } from '../../data/image-files';
import { openImage } from '../../domain/open-image';

export const ImageQuerySchema = z.object({
  size: z.enum(IMAGE_SIZE_NAMES, { error: 'size must be thumb or full' }).default('full'),
});

/**
 * /api/images/:id?size=thumb|full — public (photos appear on the visitors' preview). Only processed variants
 * exist here; an image id never changes content (a new photo gets a new id), so it is cached for a year as
 * immutable. WebP for clients that accept it, else JPEG.
 */
export function imagesRouter(ctx: ItemsContext): Router {
  const router = Router();
  const byId = validate({ params: IdParamsSchema, query: ImageQuerySchema });

  router.get('/:id', byId, async (req, res) => {
    const { params, query } = byId.from(req);
    const format = preferredImageFormat(req);
    const file = await openImage(ctx, { imageId: params.id, size: query.size, format });
    await sendImmutableImage(req, res, { file, etag: `${params.id}-${query.size}-${format}` });
  });

  return router;
}
