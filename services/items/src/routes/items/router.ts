import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/headers';
import {
  ItemCreateSchema,
  ItemQuerySchema,
  ItemRelistSchema,
  ItemUpdateSchema,
} from '@nomadswap/contracts/items';
import { requireApproved, requireUnrestricted, requireUser } from '@nomadswap/service-kit/auth';
import { uploadBody } from '@nomadswap/service-kit/app';
import { validate } from '@nomadswap/service-kit/validate';
import type { ItemsContext } from '../../context';
import { createItem } from '../../domain/create-item';
import { deleteOwnItem } from '../../domain/delete-item';
import { toggleFavorite } from '../../domain/favorites';
import { getItem } from '../../domain/get-item';
import { getItemStats } from '../../domain/get-item-stats';
import { listItems } from '../../domain/list-items';
import { relistItem } from '../../domain/relist-item';
import { toggleItemSwapped } from '../../domain/toggle-item-swapped';
import { updateItem } from '../../domain/update-item';
import { signedInViewer, viewerOf } from '../viewer';

/**
 * /api/items (spec sections 6 and 7): browse for everyone (a 6-item preview for visitors), detail for approved
 * users and owners, listing for approved users, edits, deletion, the swapped mark and relisting (issue 22) for
 * owners only.
 */
export function itemsRouter(ctx: ItemsContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate);
  router.use((_req, res, next) => {
    // Answers depend on who asks (favourites, own swapped items): never cached by anyone.
    res.set('Cache-Control', 'no-store');
    next();
  });

  const list = validate({ query: ItemQuerySchema });
  router.get('/', list, async (req, res) => {
    const { query } = list.from(req);
    const page = await listItems(ctx, { viewer: viewerOf(req), query });
    if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.items);
  });

  router.get('/stats', async (_req, res) => {
    res.json(await getItemStats(ctx));
  });

  const byId = validate({ params: IdParamsSchema });
  router.get('/:id', requireUser, byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await getItem(ctx, { viewer: signedInViewer(req), itemId: params.id }));
  });

  const create = validate({ body: ItemCreateSchema });
  router.post('/', requireApproved, requireUnrestricted, uploadBody('images'), create, async (req, res) => {
    const { body } = create.from(req);
    res.status(201).json(await createItem(ctx, { viewer: signedInViewer(req), input: body }));
  });

  const update = validate({ params: IdParamsSchema, body: ItemUpdateSchema });
  router.put('/:id', requireUser, uploadBody('images'), update, async (req, res) => {
    const { params, body } = update.from(req);
    res.json(await updateItem(ctx, { viewer: signedInViewer(req), itemId: params.id, input: body }));
  });

  router.delete('/:id', requireUser, byId, async (req, res) => {
    const { params } = byId.from(req);
    await deleteOwnItem(ctx, { viewer: signedInViewer(req), itemId: params.id });
    res.status(204).end();
  });

  router.post('/:id/toggle-swapped', requireUser, byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await toggleItemSwapped(ctx, { viewer: signedInViewer(req), itemId: params.id }));
  });

  const relist = validate({ params: IdParamsSchema, body: ItemRelistSchema });
  router.post('/:id/relist', requireUser, requireUnrestricted, relist, async (req, res) => {
    const { params, body } = relist.from(req);
    res.json(await relistItem(ctx, { viewer: signedInViewer(req), itemId: params.id, input: body }));
  });

  router.post('/:id/favorite', requireApproved, byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await toggleFavorite(ctx, { viewer: signedInViewer(req), itemId: params.id }));
  });

  return router;
}
