import type { AdminActionEventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';

/**
 * Stores one admin action in the audit log (from an `admin.action` event or from moderation's own admin
 * routes). Keyed by the action's id: a redelivered event changes nothing. Never updates an existing entry.
 */
export async function recordAdminAction(
  ctx: Pick<ModerationContext, 'auditLog'>,
  action: AdminActionEventData,
): Promise<void> {
  await ctx.auditLog.updateOne(
    { _id: action.id },
    {
      $setOnInsert: {
        actorId: action.actorId,
        action: action.action,
        target: { type: action.target.type, id: action.target.id },
        at: new Date(action.at),
        before: action.before ?? null,
        after: action.after ?? null,
      },
    },
    { upsert: true },
  );
}
