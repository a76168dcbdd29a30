import { MSG } from '@nomadswap/contracts/messages';
import { adminActionEvent } from '@nomadswap/service-kit/admin-action';
import { NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';
import { stageUserDeleted } from '../events/publish-user-events';

/**
 * An admin deletes an account, permanently: its tokens stop working on the very next request (the user state
 * goes first), then the record and its avatar files go, and user.deleted lets the other services cascade; the
 * audit log learns who deleted whom.
 * Admins cannot delete their own account.
 */
export async function deleteUser(
  ctx: AuthContext,
  props: { adminId: string; userId: string },
): Promise<void> {
  if (props.adminId === props.userId) {
    throw new ValidationError(MSG.cannotDeleteSelf, { code: 'CANNOT_DELETE_SELF' });
  }
  const userId = toId(props.userId);
  const doomed = await ctx.users.findName(userId);
  if (!doomed) throw new NotFoundError(MSG.userNotFound);
  // Stored before the change (outbox): once the record is gone, user.deleted cannot be lost.
  const events = await stageUserDeleted(ctx, props.userId, [
    adminActionEvent({
      actorId: props.adminId,
      action: 'user.deleted',
      target: { type: 'user', id: props.userId },
      before: { username: doomed.username, fullName: doomed.fullName },
    }),
  ]);
  await ctx.userState.delete(props.userId);
  await ctx.users.deleteById(userId);
  await ctx.avatarFiles.deleteAllOfUser(userId);
  await events.confirm();
}
