import type { UserEventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';
import { isDuplicateKey, oid, op } from './ids';

/** Highest possible version: a deleted user's tombstone outranks any late event about them. */
const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/** Keeps the summary of a user (user.registered / updated / approved), ignoring stale versions. */
export async function applyUserSnapshot(
  ctx: Pick<ModerationContext, 'users'>,
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
}

/**
 * A user was deleted: their summary becomes a tombstone. Their reviews stay (the reviewees' ratings keep
 * counting them) and show the reviewer as a deleted user; nobody can review them any more. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<ModerationContext, 'users'>,
  props: { userId: string },
): Promise<void> {
  await ctx.users.updateOne(
    { _id: oid(props.userId) },
    {
      $set: {
        username: '',
        fullName: '',
        avatar: null,
        isApproved: false,
        email: null,
        version: TOMBSTONE_VERSION,
        deleted: true,
      },
    },
    { upsert: true },
  );
}
