import type { RegisterInput } from '@nomadswap/contracts/auth';
import type { AuthResponse } from '@nomadswap/contracts/responses';
import type { AuthContext } from '../context';
import { newId } from '../data/ids';
import { writeUserChange } from '../events/publish-user-events';
import { hashPassword } from './hash-password';
import { readImageUpload } from '@nomadswap/service-kit/image-upload';
import { storedLocation } from '@nomadswap/service-kit/places';
import { requestAvatarProcessing } from './request-avatar-processing';
import { startSession } from './start-session';
import { assertUsernameAndEmailFree, conflictFromDuplicateKey, usernameKeyOf } from './check-user-conflicts';

/**
 * Signs a traveller up: with a real image as avatar and a free username and e-mail, the account is created
 * pending approval and signed in. The raw photo is stored and handed to the avatar job; the answer waits briefly
 * so it usually carries the processed avatar. The registration limit per address is the route's (taken before
 * the body is read).
 */
export async function registerUser(ctx: AuthContext, props: { input: RegisterInput }): Promise<AuthResponse> {
  const { input } = props;

  const image = await readImageUpload(input.avatar, 'avatar');
  const { location, placeId } = storedLocation(input);
  const usernameKey = usernameKeyOf(input.username);
  await assertUsernameAndEmailFree(ctx.users, { usernameKey, email: input.email });
  const passwordHash = await hashPassword(input.password);

  const userId = newId();
  const uploadId = await ctx.avatarFiles.saveUpload({ userId, ...image });
  // The event's intent is stored before the account (writeUserChange): user.registered cannot be lost.
  const user = await writeUserChange(ctx, 'user.registered', { userId, exists: {} }, async () => {
    try {
      return await ctx.users.create({
        _id: userId,
        username: input.username,
        usernameKey,
        email: input.email,
        passwordHash,
        fullName: input.fullName,
        bio: input.bio,
        location,
        placeId,
        pendingAvatarUploadId: uploadId,
      });
    } catch (error) {
      await ctx.avatarFiles.deleteUpload(uploadId);
      throw conflictFromDuplicateKey(error) ?? error;
    }
  });
  if (!user) throw new Error('the new account was not written');

  await ctx.userState.set(userId.toHexString(), { role: user.role, isApproved: user.isApproved });
  await requestAvatarProcessing(ctx, { userId, uploadId });
  return startSession(ctx, (await ctx.users.findById(userId)) ?? user);
}
