import mongoose from 'mongoose';
import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { publishUserChange } from '../events/publish-user-events';
import { findUserOr404 } from './find-user';
import { toUserSelf } from './user-views';

/**
 * An admin approves a pending account: approval is recorded (when, by whom), applies on the user's next
 * request with the token they already hold, is announced as user.approved and e-mailed to them. Approving
 * an approved user changes nothing and sends nothing (only the first of concurrent approvals wins).
 */
export async function approveUser(
  ctx: AuthContext,
  props: { adminId: string; userId: string },
): Promise<UserSelf> {
  const userId = new mongoose.Types.ObjectId(props.userId);
  const approved = await ctx.users
    .findOneAndUpdate(
      { _id: userId, isApproved: false },
      {
        $set: {
          isApproved: true,
          approvedAt: new Date(),
          approvedBy: new mongoose.Types.ObjectId(props.adminId),
        },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    )
    .lean();
  const user = approved ?? (await findUserOr404(ctx.users, props.userId));
  await ctx.userState.set(props.userId, { role: user.role, isApproved: user.isApproved });
  if (approved) {
    await publishUserChange(ctx.bus, 'user.approved', approved);
    await ctx.queues.notifications.add(
      'account-approved',
      { kind: 'account-approved', userId: props.userId },
      { jobId: `account-approved-${props.userId}` },
    );
  }
  return toUserSelf(user);
}
