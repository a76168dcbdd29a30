import { MSG } from '@nomadswap/contracts/messages';
import type { UserPublic, UserSelf } from '@nomadswap/contracts/responses';
import type { AuthUser } from '@nomadswap/service-kit/auth';
import { ForbiddenError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { findUserOr404 } from './find-user';
import { toUserPublic, toUserSelf } from './present-user';

/**
 * A profile as the viewer may see it: their own and, for admins, anyone's in full (with e-mail); approved
 * viewers get the public view of others; unapproved viewers may open only their own.
 */
export async function getUserProfile(
  ctx: AuthContext,
  props: { viewer: AuthUser; userId: string },
): Promise<UserPublic | UserSelf> {
  const { viewer, userId } = props;
  const fullView = viewer.id === userId || viewer.role === 'admin';
  if (!fullView && !viewer.isApproved) {
    throw new ForbiddenError(MSG.approvalRequired, { code: 'NOT_APPROVED' });
  }
  const user = await findUserOr404(ctx.users, userId);
  return fullView ? toUserSelf(user) : toUserPublic(user);
}
