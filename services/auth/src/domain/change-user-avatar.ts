import { MSG } from '@nomadswap/contracts/messages';
import type { UserSelf } from '@nomadswap/contracts/responses';
import type { AuthUser } from '@nomadswap/service-kit/auth';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { AuthContext } from '../context';
import { toId } from '../data/ids';
import { assertSelf } from './assert-self';
import { readImageUpload } from '@nomadswap/service-kit/image-upload';
import { requestAvatarProcessing } from './request-avatar-processing';
import { toUserSelf } from './present-user';

/**
 * A user replaces their photo: the checked upload becomes their pending avatar (superseding one still waiting)
 * and goes to the avatar job; the answer usually carries the new avatar URL already.
 */
export async function changeUserAvatar(
  ctx: AuthContext,
  props: { viewer: AuthUser; userId: string; avatar: string },
): Promise<UserSelf> {
  assertSelf(props.viewer, props.userId);
  const userId = toId(props.userId);
  const image = await readImageUpload(props.avatar, 'avatar');
  const uploadId = await ctx.avatarFiles.saveUpload({ userId, ...image });
  const pending = await ctx.users.replacePendingAvatar(userId, uploadId);
  if (!pending) {
    await ctx.avatarFiles.deleteUpload(uploadId);
    throw new NotFoundError(MSG.userNotFound);
  }
  if (pending.superseded) await ctx.avatarFiles.deleteUpload(pending.superseded);

  await requestAvatarProcessing(ctx, { userId, uploadId });
  const user = await ctx.users.findById(userId);
  if (!user) throw new NotFoundError(MSG.userNotFound);
  return toUserSelf(user);
}
