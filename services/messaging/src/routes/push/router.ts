import { Router } from 'express';
import { PushSubscriptionCreateSchema, PushSubscriptionDeleteSchema } from '@nomadswap/contracts/push';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { getPushKey, subscribePush, unsubscribePush } from '../../domain/subscribe-push';
import { noStore, signedInViewer } from '../viewer';

/** /api/push: the VAPID key (public) and the caller's devices with push on (issue 23). */
export function pushRouter(ctx: MessagingContext): Router {
  const router = Router();

  router.get('/key', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(getPushKey(ctx));
  });

  const create = validate({ body: PushSubscriptionCreateSchema });
  router.post('/subscriptions', ctx.auth.authenticate, requireApproved, noStore, create, async (req, res) => {
    await subscribePush(ctx, { viewer: signedInViewer(req), subscription: create.from(req).body });
    res.status(201).json({ subscribed: true });
  });

  const remove = validate({ body: PushSubscriptionDeleteSchema });
  router.delete(
    '/subscriptions',
    ctx.auth.authenticate,
    requireApproved,
    noStore,
    remove,
    async (req, res) => {
      await unsubscribePush(ctx, { viewer: signedInViewer(req), subscription: remove.from(req).body });
      res.status(204).end();
    },
  );

  return router;
}
