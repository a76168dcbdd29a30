import type { UserEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone } from '@nomadswap/service-kit/projection';
import type { ModerationContext } from '../context';

/** Keeps the summary of a user (user.registered / updated / approved), ignoring stale versions. */
export async function applyUserSnapshot(
  ctx: Pick<ModerationContext, 'users'>,
  user: UserEventData,
): Promise<void> {
  await upsertNewerVersion(ctx.users, {
    id: user.id,
    version: user.version,
    set: {
      username: user.username,
      fullName: user.fullName,
      avatar: user.avatar,
      isApproved: user.isApproved,
      role: user.role,
      ...(user.email === undefined ? {} : { email: user.email }),
      ...(user.language === undefined ? {} : { language: user.language }),
    },
  });
}

/**
 * A user was deleted: their summary becomes a tombstone. Their reviews stay (the reviewees' ratings keep
 * counting them) and show the reviewer as a deleted user; nobody can review them any more. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<ModerationContext, 'users'>,
  props: { userId: string },
): Promise<void> {
  await writeTombstone(ctx.users, {
    id: props.userId,
    set: { username: '', fullName: '', avatar: null, isApproved: false, email: null, language: null },
  });
}
