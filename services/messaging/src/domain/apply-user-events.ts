import type { UserEventData } from '@nomadswap/contracts/events';
import { tombstoneUserSummary, upsertUserSummary } from '@nomadswap/service-kit/user-projection';
import type { MessagingContext } from '../context';
import { oid } from '../data/ids';

/**
 * Keeps the chat summary of a user (user.registered / updated / approved), ignoring stale versions; a user who
 * is no longer approved is disconnected from every replica at once.
 */
export async function applyUserSnapshot(
  ctx: Pick<MessagingContext, 'users' | 'live'>,
  user: UserEventData,
): Promise<void> {
  await upsertUserSummary(ctx.users, user, { rating: user.rating, reviewCount: user.reviewCount });
  if (!user.isApproved && user.role !== 'admin') ctx.live.disconnectUser(user.id);
}

/**
 * A user was deleted: their summary becomes a tombstone (their messages show "Deleted user" and nothing new
 * reaches them), their sockets are closed and their devices get no more pushes. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<MessagingContext, 'users' | 'live' | 'pushSubscriptions'>,
  props: { userId: string },
): Promise<void> {
  await tombstoneUserSummary(ctx.users, props.userId, { rating: 0, reviewCount: 0 });
  ctx.live.disconnectUser(props.userId);
  await ctx.pushSubscriptions.deleteMany({ userId: oid(props.userId) });
}
