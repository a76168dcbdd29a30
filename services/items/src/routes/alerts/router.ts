import { Router } from 'express';
import { AlertCreateSchema, AlertUnsubscribeQuerySchema } from '@nomadswap/contracts/alerts';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { requireApproved } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { ItemsContext } from '../../context';
import {
  createAlert,
  deleteAlert,
  listAlerts,
  previewUnsubscribe,
  unsubscribeAlert,
} from '../../domain/alerts';
import { signedInViewer } from '../viewer';

/**
 * /api/alerts (issue 22): approved users' city alerts. The unsubscribe link is public — its token is the proof —
 * and only its POST stops the alert: mail scanners open an e-mail's links, so a GET must change nothing.
 */
export function alertsRouter(ctx: ItemsContext): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  const byToken = validate({ query: AlertUnsubscribeQuerySchema });
  router.get('/unsubscribe', byToken, async (req, res) => {
    res.json(await previewUnsubscribe(ctx, { token: byToken.from(req).query.token }));
  });
  router.post('/unsubscribe', byToken, async (req, res) => {
    res.json(await unsubscribeAlert(ctx, { token: byToken.from(req).query.token }));
  });

  router.use(ctx.auth.authenticate, requireApproved);

  router.get('/', async (req, res) => {
    res.json(await listAlerts(ctx, { viewer: signedInViewer(req) }));
  });

  const create = validate({ body: AlertCreateSchema });
  router.post('/', create, async (req, res) => {
    const { alert, created } = await createAlert(ctx, {
      viewer: signedInViewer(req),
      input: create.from(req).body,
    });
    res.status(created ? 201 : 200).json(alert);
  });

  const byId = validate({ params: IdParamsSchema });
  router.delete('/:id', byId, async (req, res) => {
    await deleteAlert(ctx, { viewer: signedInViewer(req), alertId: byId.from(req).params.id });
    res.status(204).end();
  });

  return router;
}
