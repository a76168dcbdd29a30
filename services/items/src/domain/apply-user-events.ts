import mongoose from 'mongoose';
import type { UserEventData } from '@nomadswap/contracts/events';
import type { ItemsCore } from '../context';
import { removeItemsOfUser } from './delete-item';

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/** Highest possible version: a deleted user's tombstone outranks any late event about them. */
const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;

/**
 * Keeps the owner-summary projection of a user (user.registered / updated / approved): stored when newer than
 * what we have, ignored when older or equal (events may arrive late, twice or out of order).
 */
export async function applyUserSnapshot(core: Pick<ItemsCore, 'owners'>, user: UserEventData): Promise<void> {
  const _id = new mongoose.Types.ObjectId(user.id);
  try {
    await core.owners.updateOne(
      { _id, version: mongoose.trusted({ $lt: user.version }) },
      {
        $set: {
          username: user.username,
          fullName: user.fullName,
          avatar: user.avatar,
          location: user.location,
          rating: user.rating,
          reviewCount: user.reviewCount,
          isApproved: user.isApproved,
          role: user.role,
          version: user.version,
          deleted: false,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    // A stored version ≥ this one made the filter miss and the upsert collide with the existing _id: stale.
    if (!isDuplicateKey(error)) throw error;
  }
}

/**
 * A user was deleted (user.deleted): their items go (with photos, favourites of them, item.deleted each),
 * their own favourites go, and their summary becomes a tombstone. Safe to run twice.
 */
export async function deleteUserData(core: ItemsCore, props: { userId: string }): Promise<void> {
  const userId = new mongoose.Types.ObjectId(props.userId);
  await core.owners.updateOne(
    { _id: userId },
    {
      $set: {
        username: '',
        fullName: '',
        avatar: null,
        location: '',
        version: TOMBSTONE_VERSION,
        deleted: true,
      },
    },
    { upsert: true },
  );
  await removeItemsOfUser(core, props);
  await core.favorites.deleteMany({ userId });
}
