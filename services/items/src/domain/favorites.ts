import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { findItemOr404 } from './find-item';
import type { Viewer } from './item-views';
import { presentItems } from './present-items';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { oid, op } from '../data/ids';

/** Favourites an existing item (404 'Item not found' otherwise). Doing it twice changes nothing. */
export async function addFavorite(
  core: ItemsCore,
  props: { viewer: Viewer; itemId: string },
): Promise<{ isFavorited: true }> {
  const item = await findItemOr404(core, props.itemId);
  const userId = oid(props.viewer.id);
  try {
    await core.favorites.updateOne(
      { userId, itemId: item._id },
      { $setOnInsert: { userId, itemId: item._id, createdAt: new Date() } },
      { upsert: true },
    );
  } catch (error) {
    // Two concurrent adds: the unique index let one through, which is the outcome both wanted.
    if (!isDuplicateKey(error)) throw error;
  }
  // The item may have been deleted meanwhile; its favourites must not outlive it.
  if (!(await core.items.exists({ _id: item._id }))) {
    await core.favorites.deleteMany({ itemId: item._id });
  }
  return { isFavorited: true };
}

/** Un-favourites an item; doing it twice, or for an item that is gone, changes nothing. */
export async function removeFavorite(
  core: ItemsCore,
  props: { viewer: Viewer; itemId: string },
): Promise<{ isFavorited: false }> {
  await core.favorites.deleteOne({
    userId: oid(props.viewer.id),
    itemId: oid(props.itemId),
  });
  return { isFavorited: false };
}

/** The heart on cards and item detail: favourites or un-favourites, and says which. */
export async function toggleFavorite(
  core: ItemsCore,
  props: { viewer: Viewer; itemId: string },
): Promise<{ isFavorited: boolean }> {
  const item = await findItemOr404(core, props.itemId);
  const { deletedCount } = await core.favorites.deleteOne({
    userId: oid(props.viewer.id),
    itemId: item._id,
  });
  if (deletedCount > 0) return { isFavorited: false };
  return addFavorite(core, props);
}

export const MAX_FAVORITES_LISTED = 500;

/**
 * The viewer's favourited items, most recently favourited first (at most 500). Favourites whose item is gone are
 * skipped (and removed); expired items of others are skipped.
 */
export async function listFavorites(core: ItemsCore, props: { viewer: Viewer }): Promise<Item[]> {
  const userId = oid(props.viewer.id);
  const favorites = await core.favorites
    .find({ userId })
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_FAVORITES_LISTED)
    .lean();
  if (favorites.length === 0) return [];
  const items = await core.items
    .find({ _id: op({ $in: favorites.map((favorite) => favorite.itemId) }) })
    .lean<ItemRecord[]>();
  const byId = new Map(items.map((item) => [item._id.toHexString(), item]));
  // An expired or paused item leaves its favourites lists (kept, it comes back), except its owner's.
  const ordered = favorites.flatMap((favorite) => {
    const item = byId.get(favorite.itemId.toHexString());
    return item && ((!item.expiredAt && !item.ownerPaused) || item.userId.equals(userId)) ? [item] : [];
  });
  const orphans = favorites.filter((favorite) => !byId.has(favorite.itemId.toHexString()));
  if (orphans.length > 0) {
    await core.favorites.deleteMany({
      _id: op({ $in: orphans.map((favorite) => favorite._id) }),
    });
  }
  return presentItems(core, ordered, props.viewer, { favorited: true });
}
