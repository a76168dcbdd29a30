import mongoose from 'mongoose';
import type { UserEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone } from '@nomadswap/service-kit/projection';
import type { ItemsCore } from '../context';
import { removeItemsOfUser } from './delete-item';

/**
 * Keeps the owner-summary projection of a user (user.registered / updated / approved): stored when newer than
 * what we have, ignored when older or equal (events may arrive late, twice or out of order).
 */
export async function applyUserSnapshot(core: Pick<ItemsCore, 'owners'>, user: UserEventData): Promise<void> {
  await upsertNewerVersion(core.owners, {
    id: user.id,
    version: user.version,
    set: {
      username: user.username,
      fullName: user.fullName,
      avatar: user.avatar,
      // Older publishers leave it out: the address known stays.
      ...(user.email !== undefined ? { email: user.email } : {}),
      ...(user.language !== undefined ? { language: user.language } : {}),
      location: user.location,
      rating: user.rating,
      reviewCount: user.reviewCount,
      isApproved: user.isApproved,
      role: user.role,
    },
  });
}

/**
 * A user was deleted (user.deleted): their items go (with photos, favourites of them, item.deleted each),
 * their own favourites go, and their summary becomes a tombstone. Safe to run twice.
 */
export async function deleteUserData(core: ItemsCore, props: { userId: string }): Promise<void> {
  const userId = new mongoose.Types.ObjectId(props.userId);
  await writeTombstone(core.owners, {
    id: props.userId,
    set: { username: '', fullName: '', avatar: null, email: '', language: null, location: '' },
  });
  await removeItemsOfUser(core, props);
  await core.favorites.deleteMany({ userId });
}
