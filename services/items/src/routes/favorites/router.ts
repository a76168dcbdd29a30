import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { ItemsContext } from '../../context';
import { addFavorite, listFavorites, removeFavorite } from '../../domain/favorites';
import { signedInViewer } from '../viewer';

/** /api/favorites: approved users (and admins) only; adding and removing are idempotent. */
export function favoritesRouter(ctx: ItemsContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (req, res) => {
    res.json(await listFavorites(ctx, { viewer: signedInViewer(req) }));
  });

  const byId = validate({ params: IdParamsSchema });
  router.post('/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await addFavorite(ctx, { viewer: signedInViewer(req), itemId: params.id }));
  });

  router.delete('/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await removeFavorite(ctx, { viewer: signedInViewer(req), itemId: params.id }));
  });

  return router;
}
