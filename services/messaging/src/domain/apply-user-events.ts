import type { UserEventData } from '@nomadswap/contracts/events';
import { tombstoneUserSummary, upsertUserSummary } from '@nomadswap/service-kit/user-projection';
import type { MessagingContext } from '../context';
import { changingChatState } from '../data/chat-state-cache';
import { oid } from '../data/ids';

/**
 * Keeps the chat summary of a user (user.registered / updated / approved), ignoring stale versions; a user who
 * is no longer approved is disconnected from every replica at once.
 */
export async function applyUserSnapshot(
  ctx: Pick<MessagingContext, 'users' | 'live' | 'redis' | 'keyPrefix'>,
  user: UserEventData,
): Promise<void> {
  // Every replica's cached chat state of the user (how sends show them) is stale from here.
  await changingChatState(ctx, [user.id], () =>
    upsertUserSummary(ctx.users, user, { rating: user.rating, reviewCount: user.reviewCount }),
  );
  if (!user.isApproved && user.role !== 'admin') ctx.live.disconnectUser(user.id);
}

/**
 * A user was deleted: their summary becomes a tombstone (their messages show "Deleted user" and nothing new
 * reaches them), their sockets are closed and their devices get no more pushes. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<MessagingContext, 'users' | 'live' | 'pushSubscriptions' | 'redis' | 'keyPrefix'>,
  props: { userId: string },
): Promise<void> {
  await changingChatState(ctx, [props.userId], () =>
    tombstoneUserSummary(ctx.users, props.userId, { rating: 0, reviewCount: 0 }),
  );
  ctx.live.disconnectUser(props.userId);
  await ctx.pushSubscriptions.deleteMany({ userId: oid(props.userId) });
}
