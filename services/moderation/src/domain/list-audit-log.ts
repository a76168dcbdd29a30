import { MODERATION_PAGE, type AuditLogQuery } from '@nomadswap/contracts/moderation';
import type { AuditEntry } from '@nomadswap/contracts/moderation-responses';
import type { ModerationContext } from '../context';
import type { AuditEntryRecord } from '../db/audit-entry';
import type { ModerationUserRecord } from '../db/moderation-user';
import { hex, isObjectId, oid, op, pageOf } from './ids';

/** The audit log for admins, newest first, filtered by action, target and actor; read-only. */
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
  const actorIds = [...new Set(records.map((record) => record.actorId).filter(isObjectId))];
  const actors = actorIds.length
    ? await ctx.users
        .find({ _id: op({ $in: actorIds.map(oid) }), deleted: false })
        .lean<ModerationUserRecord[]>()
    : [];
  const byId = new Map(actors.map((user) => [hex(user._id), user]));
  const rows = records.map((record): AuditEntry => {
    const actor = byId.get(record.actorId);
    return {
      id: record._id,
      actorId: record.actorId,
      actor: actor ? { id: hex(actor._id), fullName: actor.fullName, username: actor.username } : null,
      action: record.action,
      target: { type: record.target.type, id: record.target.id },
      at: record.at.toISOString(),
      before: record.before,
      after: record.after,
    };
  });
  return { rows, total };
}
