import { Router } from 'express';
import { UserIdParamsSchema } from '@nomadswap/contracts/messaging';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { blockUser } from '../../domain/block-user';
import { listBlocks } from '../../domain/list-blocks';
import { unblockUser } from '../../domain/unblock-user';
import { noStore, signedInViewer } from '../viewer';

/** /api/blocks: who the caller blocked; blocking and unblocking are idempotent. */
export function blocksRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  router.get('/', async (req, res) => {
    res.json(await listBlocks(ctx, { viewer: signedInViewer(req) }));
  });

  const byUser = validate({ params: UserIdParamsSchema });
  router.post('/:userId', byUser, async (req, res) => {
    const result = await blockUser(ctx, {
      viewer: signedInViewer(req),
      userId: byUser.from(req).params.userId,
    });
    res.status(result.created ? 201 : 200).json(result.block);
  });

  router.delete('/:userId', byUser, async (req, res) => {
    res.json(await unblockUser(ctx, { viewer: signedInViewer(req), userId: byUser.from(req).params.userId }));
  });

  return router;
}
