import mongoose from 'mongoose';
import type { AuthCore } from '../context';
import { intendUserChange } from '../events/publish-user-events';
import { toUserEventData } from './user-views';
import { renderImageVariants } from '@nomadswap/service-kit/image-variants';
import { AVATAR_VARIANTS } from '../db/avatar-files';

export const avatarUrl = (avatarId: mongoose.Types.ObjectId) => `/api/avatars/${avatarId.toHexString()}`;

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
  const userId = new mongoose.Types.ObjectId(props.userId);
  const uploadId = new mongoose.Types.ObjectId(props.uploadId);
  const user = await core.users.findById(userId).select('pendingAvatarUploadId').lean();
  if (!user?.pendingAvatarUploadId?.equals(uploadId)) {
    await core.avatarFiles.deleteUpload(uploadId);
    return { status: 'superseded' };
  }
  const raw = await core.avatarFiles.readUpload(uploadId);
  if (!raw) {
    await discardAvatarUpload(core, props);
    return { status: 'superseded' };
  }

  const variants = await renderImageVariants(raw, AVATAR_VARIANTS);
  const avatarId = new mongoose.Types.ObjectId();
  await core.avatarFiles.saveVariants({ avatarId, userId, variants });
  // Stored before the write: should the worker die after it, the relay announces the new avatar.
  const event = await intendUserChange(core, 'user.updated', { userId, exists: { avatarId } });
  const previous = await core.users
    .findOneAndUpdate(
      { _id: userId, pendingAvatarUploadId: uploadId },
      { $set: { avatar: avatarUrl(avatarId), avatarId, pendingAvatarUploadId: null }, $inc: { version: 1 } },
    )
    .select('avatarId')
    .lean();
  if (!previous) {
    await event.cancel();
    await core.avatarFiles.deleteVariants(avatarId);
    await core.avatarFiles.deleteUpload(uploadId);
    return { status: 'superseded' };
  }
  if (previous.avatarId) await core.avatarFiles.deleteVariants(previous.avatarId);
  await core.avatarFiles.deleteUpload(uploadId);

  const updated = await core.users.findById(userId).lean();
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
  const uploadId = new mongoose.Types.ObjectId(props.uploadId);
  await core.users.updateOne(
    { _id: new mongoose.Types.ObjectId(props.userId), pendingAvatarUploadId: uploadId },
    { $set: { pendingAvatarUploadId: null } },
  );
  await core.avatarFiles.deleteUpload(uploadId);
}
