import { adminActionEvent } from '@nomadswap/service-kit/admin-action';
import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';
import { stageUserAdminAction, writeUserChange } from '../events/publish-user-events';
import { findUserOr404 } from './find-user';
import { approvalEmail } from './compose-approval-mail';
import { toUserSelf } from './present-user';

/**
 * An admin approves a pending account: approval is recorded (when, by whom), applies on the user's next
 * request with the token they already hold, is announced as user.approved (and to the audit log) and e-mailed to them. Approving
 * an approved user changes nothing and sends nothing (only the first of concurrent approvals wins).
 */
export async function approveUser(
  ctx: AuthContext,
  props: { adminId: string; userId: string },
): Promise<UserSelf> {
  const userId = toId(props.userId);
  const approval = { approvedAt: new Date(), approvedBy: toId(props.adminId) };
  // Both events are in the outbox before the write; once written, the user bears this very approval.
  const target = { userId, exists: { isApproved: true, ...approval } };
  const audit = await stageUserAdminAction(
    ctx,
    target,
    adminActionEvent({
      actorId: props.adminId,
      action: 'user.approved',
      target: { type: 'user', id: props.userId },
      before: { isApproved: false },
      after: { isApproved: true },
    }),
  );
  const approved = await writeUserChange(ctx, 'user.approved', target, () =>
    ctx.users.approve(userId, approval),
  );
  if (approved) await audit.confirm();
  else await audit.cancel();
  const user = approved ?? (await findUserOr404(ctx.users, props.userId));
  await ctx.userState.set(props.userId, { role: user.role, isApproved: user.isApproved });
  if (approved) {
    await ctx.queues.notifications.enqueue(
      approvalEmail({
        to: approved.email,
        fullName: approved.fullName,
        publicUrl: ctx.settings.publicUrl,
        language: approved.language,
      }),
      { jobId: `account-approved-${props.userId}` },
    );
  }
  return toUserSelf(user);
}
