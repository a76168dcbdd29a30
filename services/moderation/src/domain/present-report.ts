import { MSG } from '@nomadswap/contracts/messages';
import type { Report } from '@nomadswap/contracts/responses';
import type { ModerationContext } from '../context';
import type { ModerationItemRecord } from '../data/moderation-item';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReportRecord } from '../data/report';
import { hex, oid, op } from '../data/ids';
import { DELETED_USER } from './deleted-user';

/**
 * Reports as admins see them: `reporter` null for an anonymous report (the web shows "Anonymous"),
 * {fullName: 'Deleted user'} when the reporter's account is gone. The reporter, the reported user and the
 * reported listing are named from this service's copies (auth's and items' events), one query each per page.
 */
export async function presentReports(
  ctx: Pick<ModerationContext, 'users' | 'items'>,
  records: ReportRecord[],
): Promise<Report[]> {
  const userIds = [
    ...new Set(
      records.flatMap((record) =>
        [record.reporterId, record.relatedUserId].flatMap((userId) => (userId ? [hex(userId)] : [])),
      ),
    ),
  ];
  const itemIds = [
    ...new Set(records.flatMap((record) => (record.relatedItemId ? [hex(record.relatedItemId)] : []))),
  ];
  const [users, items] = await Promise.all([
    userIds.length
      ? ctx.users.find({ _id: op({ $in: userIds.map(oid) }) }).lean<ModerationUserRecord[]>()
      : [],
    itemIds.length
      ? ctx.items.find({ _id: op({ $in: itemIds.map(oid) }) }).lean<ModerationItemRecord[]>()
      : [],
  ]);
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  const titles = new Map(items.map((item) => [hex(item._id), item.title]));
  return records.map((record) => {
    const reporter = record.reporterId ? byId.get(hex(record.reporterId)) : undefined;
    const related = record.relatedUserId ? byId.get(hex(record.relatedUserId)) : undefined;
    return {
      id: hex(record._id),
      type: record.type,
      urgency: record.urgency,
      subject: record.subject,
      description: record.description,
      relatedUser: record.relatedUserId ? { id: hex(record.relatedUserId), ...nameOf(related) } : null,
      relatedItem: record.relatedItemId ? hex(record.relatedItemId) : null,
      relatedItemTitle: record.relatedItemId ? titles.get(hex(record.relatedItemId)) || null : null,
      contactEmail: record.contactEmail,
      reporterId: record.reporterId ? hex(record.reporterId) : null,
      reporter:
        record.source === 'safety-signal'
          ? { fullName: MSG.safetySignalReporter }
          : record.reporterId
            ? reporter && !reporter.deleted
              ? { fullName: reporter.fullName, username: reporter.username }
              : { fullName: DELETED_USER }
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

/** A user's name and handle; "Deleted user" once the account is gone; nothing when this service never heard of them. */
function nameOf(user: ModerationUserRecord | undefined): { fullName?: string; username?: string } {
  if (!user) return {};
  if (user.deleted) return { fullName: DELETED_USER };
  return { fullName: user.fullName, username: user.username };
}
