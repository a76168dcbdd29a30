import type { UserEventData } from '@nomadswap/contracts/events';
import type { MessagingContext } from '../context';
import { isDuplicateKey, oid, op } from './ids';

/** Highest possible version: a deleted user's tombstone outranks any late event about them. */
const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Keeps the chat summary of a user (user.registered / updated / approved), ignoring stale versions; a user who
 * is no longer approved is disconnected from every replica at once.
 */
export async function applyUserSnapshot(
  ctx: Pick<MessagingContext, 'users' | 'live'>,
  user: UserEventData,
): Promise<void> {
  try {
    await ctx.users.updateOne(
      { _id: oid(user.id), version: op({ $lt: user.version }) },
      {
        $set: {
          username: user.username,
          fullName: user.fullName,
          avatar: user.avatar,
          rating: user.rating,
          reviewCount: user.reviewCount,
          isApproved: user.isApproved,
          role: user.role,
          ...(user.email === undefined ? {} : { email: user.email }),
          version: user.version,
          deleted: false,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    // A stored version ≥ this one made the filter miss and the upsert collide with the existing _id: stale.
    if (!isDuplicateKey(error)) throw error;
  }
  if (!user.isApproved && user.role !== 'admin') ctx.live.disconnectUser(user.id);
}

/**
 * A user was deleted: their summary becomes a tombstone (their messages show "Deleted user" and nothing new
 * reaches them) and their sockets are closed. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<MessagingContext, 'users' | 'live'>,
  props: { userId: string },
): Promise<void> {
  await ctx.users.updateOne(
    { _id: oid(props.userId) },
    {
      $set: {
        username: '',
        fullName: '',
        avatar: null,
        rating: 0,
        reviewCount: 0,
        isApproved: false,
        email: null,
        version: TOMBSTONE_VERSION,
        deleted: true,
      },
    },
    { upsert: true },
  );
  ctx.live.disconnectUser(props.userId);
}
