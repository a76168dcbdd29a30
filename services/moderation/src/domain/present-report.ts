import { MSG } from '@nomadswap/contracts/messages';
import type { Report } from '@nomadswap/contracts/responses';
import type { ModerationContext } from '../context';
import type { ModerationUserRecord } from '../db/moderation-user';
import type { ReportRecord } from '../db/report';
import { hex, oid, op } from './ids';
import { DELETED_USER } from './deleted-user';

/**
 * Reports as admins see them: `reporter` null for an anonymous report (the web shows "Anonymous"),
 * {fullName: 'Deleted user'} when the reporter's account is gone.
 */
export async function presentReports(
  ctx: Pick<ModerationContext, 'users'>,
  records: ReportRecord[],
): Promise<Report[]> {
  const ids = [...new Set(records.flatMap((record) => (record.reporterId ? [hex(record.reporterId)] : [])))];
  const users = ids.length
    ? await ctx.users.find({ _id: op({ $in: ids.map(oid) }) }).lean<ModerationUserRecord[]>()
    : [];
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  return records.map((record) => {
    const reporter = record.reporterId ? byId.get(hex(record.reporterId)) : undefined;
    return {
      id: hex(record._id),
      type: record.type,
      urgency: record.urgency,
      subject: record.subject,
      description: record.description,
      relatedUser: record.relatedUserId ? { id: hex(record.relatedUserId) } : null,
      relatedItem: record.relatedItemId ? hex(record.relatedItemId) : null,
      contactEmail: record.contactEmail,
      reporterId: record.reporterId ? hex(record.reporterId) : null,
      reporter:
        record.source === 'safety-signal'
          ? { fullName: MSG.safetySignalReporter }
          : record.reporterId
            ? { fullName: reporter && !reporter.deleted ? reporter.fullName : DELETED_USER }
            : null,
      source: record.source ?? 'user',
      status: record.status,
      adminNotes: record.adminNotes,
      assignedTo: record.assignedTo ? hex(record.assignedTo) : null,
      ...(record.sanction ? { sanction: { id: record.sanction.id, type: record.sanction.type } } : {}),
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  });
}
