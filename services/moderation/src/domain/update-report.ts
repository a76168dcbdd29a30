import { randomUUID } from 'node:crypto';
import { MODERATION_MSG, type ReportUpdateInput } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import { ConflictError, NotFoundError } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { ReportRecord } from '../data/report';
import { mailReporter } from './create-report';
import { hex, oid } from '../data/ids';
import { presentReports } from './present-report';
import { recordAdminAction } from './record-admin-action';
import type { Viewer } from './viewer';

/**
 * An admin moves a report along its lifecycle (spec section 4): open → resolved or dismissed; resolved or
 * dismissed → open. Resolved ↔ dismissed directly is refused (409). The same status again only updates the
 * notes. A status change is audited; a resolution mails the reporter when an address is known.
 */
export async function updateReport(
  ctx: ModerationContext,
  props: { viewer: Viewer; reportId: string; input: ReportUpdateInput },
): Promise<Report> {
  const { status, adminNotes } = props.input;
  const current = await ctx.reports.findById(oid(props.reportId)).lean<ReportRecord>();
  if (!current) throw new NotFoundError(MODERATION_MSG.reportNotFound, { code: 'REPORT_NOT_FOUND' });
  const changesStatus = current.status !== status;
  if (changesStatus && current.status !== 'open' && status !== 'open') {
    throw new ConflictError(MODERATION_MSG.reportClosed, { code: 'REPORT_CLOSED' });
  }
  const updated = await ctx.reports
    .findOneAndUpdate(
      // Guarded by the status read above: two admins acting at once cannot both move it.
      { _id: current._id, status: current.status },
      {
        $set: {
          status,
          updatedAt: new Date(),
          ...(adminNotes === undefined ? {} : { adminNotes: adminNotes || null }),
          ...(changesStatus ? { assignedTo: oid(props.viewer.id) } : {}),
        },
      },
      { returnDocument: 'after' },
    )
    .lean<ReportRecord>();
  if (!updated) throw new ConflictError(MODERATION_MSG.reportClosed, { code: 'REPORT_CHANGED' });
  if (changesStatus) {
    await recordAdminAction(ctx, {
      id: randomUUID(),
      actorId: props.viewer.id,
      action: 'report.status_changed',
      target: { type: 'report', id: hex(updated._id) },
      at: updated.updatedAt.toISOString(),
      before: { status: current.status },
      after: { status, ...(adminNotes ? { adminNotes } : {}) },
    });
    if (status === 'resolved') await mailReporter(ctx, updated, 'resolved');
  }
  const [report] = await presentReports(ctx, [updated]);
  return report!;
}
