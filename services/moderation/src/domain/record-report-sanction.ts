import type { EventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';
import { oid } from '../data/ids';

/**
 * A sanction given from a report (issue 26: the admin handles a report in one place): the report is resolved by
 * that admin and records the sanction (the card shows it). Idempotent; a report deleted since is left alone.
 */
export async function recordReportSanction(
  ctx: Pick<ModerationContext, 'reports'>,
  sanction: EventData<'user.sanctioned'>,
): Promise<void> {
  if (!sanction.reportId) return;
  await ctx.reports.updateOne(
    { _id: oid(sanction.reportId) },
    {
      $set: {
        status: 'resolved',
        assignedTo: oid(sanction.adminId),
        sanction: { id: sanction.id, type: sanction.type },
        updatedAt: new Date(sanction.startsAt),
      },
    },
  );
}
