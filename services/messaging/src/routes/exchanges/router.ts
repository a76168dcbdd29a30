import { Router, type Request } from 'express';
import {
  ExchangeCancelSchema,
  ExchangeMeetupSchema,
  ExchangeQuerySchema,
  ExchangeRequestSchema,
  type ExchangeAction,
} from '@nomadswap/contracts/exchanges';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import { ExchangeCompleteSchema } from '@nomadswap/contracts/messaging';
import { requireApproved, requireUnrestricted } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { MessagingContext } from '../../context';
import { actOnExchange, type ExchangeActionInput } from '../../domain/act-on-exchange';
import { completeExchange } from '../../domain/complete-exchange';
import { getExchange, listExchanges } from '../../domain/list-exchanges';
import { meetupCalendar } from '../../domain/meetup-calendar';
import { requestExchange } from '../../domain/request-exchange';
import { noStore, signedInViewer } from '../viewer';

/** The lifecycle calls without a body: path segment → action of the transition table. */
const BODYLESS_ACTIONS: Record<string, ExchangeAction> = {
  accept: 'accept',
  decline: 'decline',
  withdraw: 'withdraw',
  confirm: 'confirm',
  dispute: 'dispute',
  'no-show': 'no_show',
  'meetup/accept': 'accept_meetup',
};

/** /api/exchanges: swaps as agreements (issue 20) — request, the lifecycle's actions, the meetup, the list. */
export function exchangesRouter(ctx: MessagingContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, requireApproved, noStore);

  const list = validate({ query: ExchangeQuerySchema });
  router.get('/', list, async (req, res) => {
    res.json(await listExchanges(ctx, { viewer: signedInViewer(req), query: list.from(req).query }));
  });

  const request = validate({ body: ExchangeRequestSchema });
  router.post('/', requireUnrestricted, request, async (req, res) => {
    const { exchange, created } = await requestExchange(ctx, {
      viewer: signedInViewer(req),
      input: request.from(req).body,
    });
    res.status(created ? 201 : 200).json(exchange);
  });

  const complete = validate({ body: ExchangeCompleteSchema });
  router.post('/complete', complete, async (req, res) => {
    const { created, ...answer } = await completeExchange(ctx, {
      viewer: signedInViewer(req),
      input: complete.from(req).body,
    });
    res.status(created ? 201 : 200).json(answer);
  });

  const one = validate({ params: IdParamsSchema });
  router.get('/:id', one, async (req, res) => {
    res.json(await getExchange(ctx, { viewer: signedInViewer(req), exchangeId: one.from(req).params.id }));
  });

  router.get('/:id/meetup.ics', one, async (req, res) => {
    const { filename, body } = await meetupCalendar(ctx, {
      viewer: signedInViewer(req),
      exchangeId: one.from(req).params.id,
    });
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${filename}"`)
      .send(body);
  });

  const act = (req: Request, exchangeId: string, action: ExchangeAction, input: ExchangeActionInput = {}) =>
    actOnExchange(ctx, { exchangeId, action, caller: { viewer: signedInViewer(req) }, input });

  for (const [segment, action] of Object.entries(BODYLESS_ACTIONS)) {
    router.post(`/:id/${segment}`, one, async (req, res) => {
      const { exchange } = await act(req, one.from(req).params.id, action);
      res.json({ exchange });
    });
  }

  const cancel = validate({ params: IdParamsSchema, body: ExchangeCancelSchema });
  router.post('/:id/cancel', cancel, async (req, res) => {
    const { params, body } = cancel.from(req);
    const { exchange } = await act(req, params.id, 'cancel', { reason: body.reason });
    res.json({ exchange });
  });

  const meetup = validate({ params: IdParamsSchema, body: ExchangeMeetupSchema });
  router.put('/:id/meetup', meetup, async (req, res) => {
    const { params, body } = meetup.from(req);
    const { exchange } = await act(req, params.id, 'propose_meetup', { meetup: body });
    res.json({ exchange });
  });

  return router;
}
