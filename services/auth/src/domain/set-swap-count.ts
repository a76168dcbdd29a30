import mongoose from 'mongoose';
import { MSG } from '@nomadswap/contracts/messages';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { publishUserChange } from '../events/publish-user-events';
import { toUserSelf } from './user-views';

/** An admin sets a user's swap count (their `reviewCount`, design.md Decisions). */
export async function setSwapCount(
  ctx: AuthContext,
  props: { userId: string; reviewCount: number },
): Promise<UserSelf> {
  const user = await ctx.users
    .findByIdAndUpdate(
      new mongoose.Types.ObjectId(props.userId),
      { $set: { reviewCount: props.reviewCount }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    )
    .lean();
  if (!user) throw new NotFoundError(MSG.userNotFound);
  await publishUserChange(ctx.bus, 'user.updated', user);
  return toUserSelf(user);
}
