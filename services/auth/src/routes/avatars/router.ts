import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { preferredImageFormat, sendImmutableImage } from '@nomadswap/service-kit/image-response';
import { validate } from '@nomadswap/service-kit/validate';
import type { AuthContext } from '../../context';
import { openAvatar } from '../../domain/open-avatar';

/**
 * /api/avatars/:id — public (avatars appear on public item cards). An avatar id never changes content (a new
 * photo gets a new id), so it is cached for a year as immutable; WebP for clients that accept it, else JPEG.
 */
export function avatarsRouter(ctx: AuthContext): Router {
  const router = Router();
  const byId = validate({ params: IdParamsSchema });

  router.get('/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    const format = preferredImageFormat(req);
    const file = await openAvatar(ctx, { avatarId: params.id, format });
    await sendImmutableImage(req, res, { file, etag: `${params.id}-${format}` });
  });

  return router;
}
