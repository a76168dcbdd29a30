import { MSG } from '@nomadswap/contracts/messages';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { adminActionEvent } from '@nomadswap/service-kit/admin-action';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';
import { stageUserAdminAction, writeUserChange } from '../events/publish-user-events';
import { toUserSelf } from './present-user';

const MAX_ATTEMPTS = 5;

/**
 * An admin sets a user's swap count: their completed swaps (docs/decisions/0072-the-admin-s-swap-count-is-the-completed-swaps-not.md;
 * the spec's payload still names it `reviewCount`, and the review count stays the number of reviews). Arranged
 * swaps are raised with it so "5 of 3 arranged" cannot show. The audit log gets old and new.
 * The old value is read first and the write applies only to that version (retried if the user changed), so both
 * events are in the outbox before the write and the audit's `before` is exact.
 */
export async function setSwapCount(
  ctx: AuthContext,
  props: { adminId: string; userId: string; completedSwaps: number },
): Promise<UserSelf> {
  const userId = toId(props.userId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await ctx.users.readSwapCount(userId);
    if (!current) throw new NotFoundError(MSG.userNotFound);
    const target = {
      userId,
      exists: { completedSwaps: props.completedSwaps, version: { $gt: current.version ?? 1 } },
    };
    const audit = await stageUserAdminAction(
      ctx,
      target,
      adminActionEvent({
        actorId: props.adminId,
        action: 'user.swap_count_changed',
        target: { type: 'user', id: props.userId },
        before: { completedSwaps: current.completedSwaps ?? 0 },
        after: { completedSwaps: props.completedSwaps },
      }),
    );
    const user = await writeUserChange(ctx, 'user.updated', target, () =>
      ctx.users.setSwapCount(userId, { completedSwaps: props.completedSwaps, readVersion: current.version }),
    );
    if (user) {
      await audit.confirm();
      return toUserSelf(user);
    }
    await audit.cancel();
  }
  throw new Error(`user ${props.userId} kept changing; swap count not set`);
}
