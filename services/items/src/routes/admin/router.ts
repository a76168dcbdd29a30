import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@nomadswap/contracts/headers';
import { AdminItemQuerySchema } from '@nomadswap/contracts/items';
import { requireAdmin } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { ItemsContext } from '../../context';
import { deleteItemAsAdmin } from '../../domain/delete-item';
import { listAllItems } from '../../domain/list-all-items';
import { signedInViewer } from '../viewer';

/** The items part of /api/admin: item moderation, for admins only (401 without a token, 403 for others). */
export function adminRouter(ctx: ItemsContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireAdmin);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const list = validate({ query: AdminItemQuerySchema });
  router.get('/all-items', list, async (req, res) => {
    const { query } = list.from(req);
    const page = await listAllItems(ctx, { viewer: signedInViewer(req), query });
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    res.set(TOTAL_COUNT_HEADER, String(page.total));
    res.json(page.items);
  });

  const byId = validate({ params: IdParamsSchema });
  router.delete('/items/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    await deleteItemAsAdmin(ctx, { adminId: signedInViewer(req).id, itemId: params.id });
    res.status(204).end();
  });

  return router;
}
