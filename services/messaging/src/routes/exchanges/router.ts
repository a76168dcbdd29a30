import { Router } from 'express';
import { ExchangeCompleteSchema, ExchangeQuerySchema } from '@nomadswap/contracts/messaging';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { completeExchange } from '../../domain/complete-exchange';
import { listExchanges } from '../../domain/list-exchanges';
import { noStore, signedInViewer } from '../viewer';

/** /api/exchanges: the caller's completed swaps, and completing one. */
export function exchangesRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  const list = validate({ query: ExchangeQuerySchema });
  router.get('/', list, async (req, res) => {
    res.json(await listExchanges(ctx, { viewer: signedInViewer(req), query: list.from(req).query }));
  });

  const complete = validate({ body: ExchangeCompleteSchema });
  router.post('/complete', complete, async (req, res) => {
    const { created, ...answer } = await completeExchange(ctx, {
      viewer: signedInViewer(req),
      input: complete.from(req).body,
    });
    res.status(created ? 201 : 200).json(answer);
  });

  return router;
}
