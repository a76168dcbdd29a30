import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
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
    const format = req.accepts(['image/webp', 'image/jpeg']) === 'image/webp' ? 'webp' : 'jpeg';
    const file = await openAvatar(ctx, { avatarId: params.id, format });
    const etag = `"${params.id}-${format}"`;
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Same-origin through the gateway, but other origins (e-mail previews, shared links) may show it too.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      Vary: 'Accept',
      ETag: etag,
    });
    if (req.headers['if-none-match'] === etag) {
      file.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set('Content-Length', String(file.length));
    await pipeline(file.stream, res);
  });

  return router;
}
