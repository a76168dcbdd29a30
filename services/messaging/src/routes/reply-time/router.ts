import { Router } from 'express';
import { UserIdParamsSchema } from '@nomadswap/contracts/messaging';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { getReplyTime } from '../../domain/get-reply-time';
import { noStore } from '../viewer';

/** /api/messaging/users/{userId}/reply-time: a profile's "typical reply time" (approved viewers, as profiles are). */
export function replyTimeRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);
  const params = validate({ params: UserIdParamsSchema });
  router.get('/:userId/reply-time', params, async (req, res) => {
    res.json(await getReplyTime(ctx, { userId: params.from(req).params.userId }));
  });
  return router;
}
