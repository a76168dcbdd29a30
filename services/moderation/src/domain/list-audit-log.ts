import { MODERATION_PAGE, type AuditLogQuery } from '@nomadswap/contracts/moderation';
import type { AuditEntry } from '@nomadswap/contracts/moderation-responses';
import type { ModerationContext } from '../context';
import type { AuditEntryRecord } from '../data/audit-entry';
import type { ModerationItemRecord } from '../data/moderation-item';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReportRecord } from '../data/report';
import { DELETED_USER } from './deleted-user';
import { hex, isObjectId, oid, op, pageOf } from '../data/ids';

/**
 * The audit log for admins, newest first, filtered by action, target and actor; read-only. Actors and targets are
 * named (a user, a listing's title, a report's subject) so an admin reads who and what, not ids.
 */
export async function listAuditLog(
  ctx: ModerationContext,
  props: { query: AuditLogQuery },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const { action, targetType, targetId, actorId } = props.query;
  const filter = {
    ...(action ? { action } : {}),
    ...(targetType ? { 'target.type': targetType } : {}),
    ...(targetId ? { 'target.id': targetId } : {}),
    ...(actorId ? { actorId } : {}),
  };
  const { skip, limit } = pageOf(props.query, MODERATION_PAGE.defaultLimit);
  const [records, total] = await Promise.all([
    ctx.auditLog.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean<AuditEntryRecord[]>(),
    ctx.auditLog.countDocuments(filter),
  ]);
  const idsOf = (type: string) =>
    records.flatMap((record) =>
      record.target.type === type && isObjectId(record.target.id) ? [record.target.id] : [],
    );
  const userIds = [
    ...new Set([...records.map((record) => record.actorId).filter(isObjectId), ...idsOf('user')]),
  ];
  const itemIds = [...new Set(idsOf('item'))];
  const reportIds = [...new Set(idsOf('report'))];
  // One query per kind of record for the whole page, from this service's own copies.
  const [users, items, reports] = await Promise.all([
    userIds.length
      ? ctx.users.find({ _id: op({ $in: userIds.map(oid) }) }).lean<ModerationUserRecord[]>()
      : [],
    itemIds.length
      ? ctx.items.find({ _id: op({ $in: itemIds.map(oid) }) }).lean<ModerationItemRecord[]>()
      : [],
    reportIds.length
      ? ctx.reports.find({ _id: op({ $in: reportIds.map(oid) }) }, { subject: 1 }).lean<ReportRecord[]>()
      : [],
  ]);
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  const names = new Map<string, { name?: string; username?: string }>([
    ...users.map(
      (user) =>
        [
          `user:${hex(user._id)}`,
          user.deleted ? { name: DELETED_USER } : { name: user.fullName, username: user.username },
        ] as const,
    ),
    ...items.map((item) => [`item:${hex(item._id)}`, { name: item.title }] as const),
    ...reports.map((report) => [`report:${hex(report._id)}`, { name: report.subject }] as const),
  ]);
  const rows = records.map((record): AuditEntry => {
    const actor = byId.get(record.actorId);
    return {
      id: record._id,
      actorId: record.actorId,
      actor:
        actor && !actor.deleted
          ? { id: hex(actor._id), fullName: actor.fullName, username: actor.username }
          : null,
      action: record.action,
      target: {
        type: record.target.type,
        id: record.target.id,
        ...names.get(`${record.target.type}:${record.target.id}`),
      },
      at: record.at.toISOString(),
      before: record.before,
      after: record.after,
    };
  });
  return { rows, total };
}
