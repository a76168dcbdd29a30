import { Router } from 'express';
import { AuditLogQuerySchema } from '@nomadswap/contracts/moderation';
import { requireAdmin } from '@nomadswap/service-kit/auth';
import { validate } from '@nomadswap/service-kit/validate';
import type { ModerationContext } from '../../context';
import { listAuditLog } from '../../domain/list-audit-log';
import { noStore, sendPage } from '../viewer';

/** /api/admin/audit-log: read-only; there is no route that edits or deletes an entry. */
export function auditLogRouter(ctx: ModerationContext): Router {
  const router = Router();
  router.use(ctx.auth.authenticate, noStore, requireAdmin);
  const list = validate({ query: AuditLogQuerySchema });
  router.get('/', list, async (req, res) => {
    sendPage(res, await listAuditLog(ctx, { query: list.from(req).query }));
  });
  return router;
}
