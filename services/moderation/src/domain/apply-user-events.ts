import type { UserEventData } from '@nomadswap/contracts/events';
import { tombstoneUserSummary, upsertUserSummary } from '@nomadswap/service-kit/user-projection';
import type { ModerationContext } from '../context';

/** Keeps the summary of a user (user.registered / updated / approved), ignoring stale versions. */
export async function applyUserSnapshot(
  ctx: Pick<ModerationContext, 'users'>,
  user: UserEventData,
): Promise<void> {
  await upsertUserSummary(ctx.users, user);
}

/**
 * A user was deleted: their summary becomes a tombstone. Their reviews stay (the reviewees' ratings keep
 * counting them) and show the reviewer as a deleted user; nobody can review them any more. Safe to run twice.
 */
export async function applyUserDeleted(
  ctx: Pick<ModerationContext, 'users'>,
  props: { userId: string },
): Promise<void> {
  await tombstoneUserSummary(ctx.users, props.userId);
}
