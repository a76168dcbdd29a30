import type { UserEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone } from '@nomadswap/service-kit/projection';
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
  await upsertNewerVersion(ctx.users, {
    id: user.id,
    version: user.version,
    set: {
      username: user.username,
      fullName: user.fullName,
      avatar: user.avatar,
      rating: user.rating,
      reviewCount: user.reviewCount,
      isApproved: user.isApproved,
      role: user.role,
      ...(user.email === undefined ? {} : { email: user.email }),
      ...(user.language === undefined ? {} : { language: user.language }),
    },
  });
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
  await writeTombstone(ctx.users, {
    id: props.userId,
    set: {
      username: '',
      fullName: '',
      avatar: null,
      rating: 0,
      reviewCount: 0,
      isApproved: false,
      email: null,
      language: null,
    },
  });
  ctx.live.disconnectUser(props.userId);
  await ctx.pushSubscriptions.deleteMany({ userId: oid(props.userId) });
}
