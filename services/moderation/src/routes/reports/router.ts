import { Router } from 'express';
import { IdParamsSchema } from '@nomadswap/contracts/common';
import {
  ReportCreateSchema,
  ReportListQuerySchema,
  ReportUpdateSchema,
} from '@nomadswap/contracts/moderation';
import { requireAdmin } from '@nomadswap/service-kit/auth';
import { rateLimit } from '@nomadswap/service-kit/rate-limit';
import { validate } from '@nomadswap/service-kit/validate';
import type { ModerationContext } from '../../context';
import { createReport } from '../../domain/create-report';
import { listReports } from '../../domain/list-reports';
import { updateReport } from '../../domain/update-report';
import { clientKey, noStore, optionalViewer, sendPage, signedInViewer } from '../viewer';

/** /api/reports: anyone files a report (rate-limited per client); admins list and move them along. */
export function reportsRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore);

  const create = validate({ body: ReportCreateSchema });
  // Validation first: a mistyped form does not use up the client's budget.
  router.post('/', create, rateLimit(ctx.reportLimiter, clientKey), async (req, res) => {
    const report = await createReport(ctx, { viewer: optionalViewer(req), input: create.from(req).body });
    res.status(201).json(report);
  });

  const list = validate({ query: ReportListQuerySchema });
  router.get('/', requireAdmin, list, async (req, res) => {
    sendPage(res, await listReports(ctx, { query: list.from(req).query }));
  });

  const update = validate({ params: IdParamsSchema, body: ReportUpdateSchema });
  router.put('/:id', requireAdmin, update, async (req, res) => {
    const { params, body } = update.from(req);
    res.json(await updateReport(ctx, { viewer: signedInViewer(req), reportId: params.id, input: body }));
  });

  return router;
}
