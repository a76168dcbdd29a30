import { Router } from 'express';
import { z } from 'zod';
import { IdParamsSchema, IdSchema } from '@nomadswap/contracts/common';
import { ReviewCreateSchema } from '@nomadswap/contracts/moderation';
import { requireAdmin, requireApproved, requireUser } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { ModerationContext } from '../../context';
import { createReview } from '../../domain/create-review';
import { deleteReview } from '../../domain/delete-review';
import { listPendingReviews } from '../../domain/list-pending-reviews';
import { listReviews } from '../../domain/list-reviews';
import { noStore, signedInViewer } from '../viewer';

const UserIdParamsSchema = z.object({ userId: IdSchema });

/** /api/reviews: leave a review after a completed swap, my pending reviews, a user's received reviews. */
export function reviewsRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore);

  const create = validate({ body: ReviewCreateSchema });
  router.post('/', requireApproved, create, async (req, res) => {
    const review = await createReview(ctx, { viewer: signedInViewer(req), input: create.from(req).body });
    res.status(201).json(review);
  });

  router.get('/pending', requireApproved, async (req, res) => {
    res.json(await listPendingReviews(ctx, { viewer: signedInViewer(req) }));
  });

  const byUser = validate({ params: UserIdParamsSchema });
  router.get('/:userId', requireUser, byUser, async (req, res) => {
    res.json(await listReviews(ctx, { viewer: signedInViewer(req), userId: byUser.from(req).params.userId }));
  });

  return router;
}

/** /api/admin/reviews: an admin removes a review. */
export function adminReviewsRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore);
  const byId = validate({ params: IdParamsSchema });
  router.delete('/:id', requireAdmin, byId, async (req, res) => {
    res.json(await deleteReview(ctx, { viewer: signedInViewer(req), reviewId: byId.from(req).params.id }));
  });
  return router;
}
