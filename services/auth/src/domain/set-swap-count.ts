import mongoose from 'mongoose';
import { MSG } from '@nomadswap/contracts/messages';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { publishAdminAction } from '@nomadswap/service-kit/admin-action';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { publishUserChange } from '../events/publish-user-events';
import { toUserSelf } from './user-views';

/** An admin sets a user's swap count (their `reviewCount`, design.md Decisions); the audit log gets old and new. */
export async function setSwapCount(
  ctx: AuthContext,
  props: { adminId: string; userId: string; reviewCount: number },
): Promise<UserSelf> {
  const before = await ctx.users
    .findByIdAndUpdate(
      new mongoose.Types.ObjectId(props.userId),
      { $set: { reviewCount: props.reviewCount }, $inc: { version: 1 } },
      { returnDocument: 'before' },
    )
    .lean();
  if (!before) throw new NotFoundError(MSG.userNotFound);
  const user = { ...before, reviewCount: props.reviewCount, version: (before.version ?? 1) + 1 };
  await publishUserChange(ctx.bus, 'user.updated', user);
  await publishAdminAction(ctx.bus, {
    actorId: props.adminId,
    action: 'user.swap_count_changed',
    target: { type: 'user', id: props.userId },
    before: { reviewCount: before.reviewCount ?? 0 },
    after: { reviewCount: props.reviewCount },
  });
  return toUserSelf(user);
}
