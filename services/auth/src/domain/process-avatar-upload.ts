import type { AuthCore } from '../context';
import { newId, toId, type Id } from '../data/ids';
import { intendUserChange } from '../events/publish-user-events';
import { toUserEventData } from './present-user';
import { renderImageVariants } from '@nomadswap/service-kit/image-variants';
import { AVATAR_VARIANTS } from '../data/avatar-files';

export const avatarUrl = (avatarId: Id) => `/api/avatars/${avatarId.toHexString()}`;

export type AvatarOutcome =
  | { status: 'ready'; avatar: string }
  /** The user was deleted or uploaded a newer photo meanwhile; this upload was dropped. */
  | { status: 'superseded' };

/**
 * Turns a user's pending upload into their avatar: the variants are rendered and stored, the user points at
 * them (only if this upload is still the pending one), the previous avatar and the raw upload are deleted and
 * user.updated is published. Throws ImageRenderError when the image cannot be processed (permanent), other
 * errors (storage) are worth a retry.
 */
export async function processAvatarUpload(
  core: AuthCore,
  props: { userId: string; uploadId: string },
): Promise<AvatarOutcome> {
  const userId = toId(props.userId);
  const uploadId = toId(props.uploadId);
  if (!(await core.users.findPendingAvatar(userId))?.equals(uploadId)) {
    await core.avatarFiles.deleteUpload(uploadId);
    return { status: 'superseded' };
  }
  const raw = await core.avatarFiles.readUpload(uploadId);
  if (!raw) {
    await discardAvatarUpload(core, props);
    return { status: 'superseded' };
  }

  const variants = await renderImageVariants(raw, AVATAR_VARIANTS);
  const avatarId = newId();
  await core.avatarFiles.saveVariants({ avatarId, userId, variants });
  // Stored before the write: should the worker die after it, the relay announces the new avatar.
  const event = await intendUserChange(core, 'user.updated', { userId, exists: { avatarId } });
  const set = await core.users.setAvatar(userId, { uploadId, avatarId, avatar: avatarUrl(avatarId) });
  if (!set) {
    await event.cancel();
    await core.avatarFiles.deleteVariants(avatarId);
    await core.avatarFiles.deleteUpload(uploadId);
    return { status: 'superseded' };
  }
  if (set.replaced) await core.avatarFiles.deleteVariants(set.replaced);
  await core.avatarFiles.deleteUpload(uploadId);

  const updated = await core.users.findById(userId);
  if (updated) await event.publish(toUserEventData(updated));
  else await event.cancel();
  return { status: 'ready', avatar: avatarUrl(avatarId) };
}

/**
 * Gives up on an upload that cannot become an avatar: the raw file goes and the user keeps their current
 * avatar (or none), so they can try another photo.
 */
export async function discardAvatarUpload(
  core: AuthCore,
  props: { userId: string; uploadId: string },
): Promise<void> {
  const uploadId = toId(props.uploadId);
  await core.users.dropPendingAvatar(toId(props.userId), uploadId);
  await core.avatarFiles.deleteUpload(uploadId);
}
