import { Router } from 'express';
import { z } from 'zod';
import { SwapCountSchema } from '@nomadswap/contracts/auth';
import { SanctionCreateSchema } from '@nomadswap/contracts/sanctions';
import { IdParamsSchema, IdSchema } from '@nomadswap/contracts/common';
import { requireAdmin, signedInUser } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { AuthContext } from '../../context';
import { approveUser } from '../../domain/approve-user';
import { deleteUser } from '../../domain/delete-user';
import { getUserForAdmin } from '../../domain/get-user-for-admin';
import { listAllUsers, listPendingUsers } from '../../domain/list-users';
import { liftSanction } from '../../domain/lift-sanction';
import { listSanctions } from '../../domain/list-sanctions';
import { sanctionUser } from '../../domain/sanction-user';
import { setSwapCount } from '../../domain/set-swap-count';

const UserIdParamsSchema = z.object({ userId: IdSchema });

/** The auth part of /api/admin: user management, for admins only (401 without a token, 403 for others). */
export function adminRouter(ctx: AuthContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireAdmin);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/pending-users', async (_req, res) => {
    res.json(await listPendingUsers(ctx));
  });

  router.get('/all-users', async (_req, res) => {
    res.json(await listAllUsers(ctx));
  });

  const byId = validate({ params: IdParamsSchema });
  router.get('/users/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await getUserForAdmin(ctx, { userId: params.id }));
  });

  router.post('/approve-user/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await approveUser(ctx, { adminId: signedInUser(req).id, userId: params.id }));
  });

  router.delete('/users/:id', byId, async (req, res) => {
    const { params } = byId.from(req);
    await deleteUser(ctx, { adminId: signedInUser(req).id, userId: params.id });
    res.status(204).end();
  });

  const swapCount = validate({ params: UserIdParamsSchema, body: SwapCountSchema });
  router.put('/users/:userId/swap-count', swapCount, async (req, res) => {
    const { params, body } = swapCount.from(req);
    res.json(
      await setSwapCount(ctx, {
        adminId: signedInUser(req).id,
        userId: params.userId,
        // The spec's payload names the swap count `reviewCount`; it is the completed swaps (see setSwapCount).
        completedSwaps: body.reviewCount,
      }),
    );
  });

  // Sanctions (issue 26): warn, restrict, suspend; the history; lifting the current restriction or suspension.
  const sanction = validate({ params: IdParamsSchema, body: SanctionCreateSchema });
  router.post('/users/:id/sanctions', sanction, async (req, res) => {
    const { params, body } = sanction.from(req);
    res
      .status(201)
      .json(await sanctionUser(ctx, { adminId: signedInUser(req).id, userId: params.id, input: body }));
  });

  router.get('/users/:id/sanctions', byId, async (req, res) => {
    const { params } = byId.from(req);
    res.json(await listSanctions(ctx, { userId: params.id }));
  });

  router.delete('/users/:id/sanctions/current', byId, async (req, res) => {
    const { params } = byId.from(req);
    await liftSanction(ctx, { adminId: signedInUser(req).id, userId: params.id });
    res.status(204).end();
  });

  return router;
}
