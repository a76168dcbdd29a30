import mongoose, { type Types } from 'mongoose';
import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsCore } from '../context';
import { toItem, type ItemViewSource, type OwnerViewSource, type Viewer } from './item-views';

const OWNER_FIELDS = { fullName: 1, username: 1, avatar: 1, rating: 1, reviewCount: 1, deleted: 1 } as const;

function uniqueIds(ids: Types.ObjectId[]): Types.ObjectId[] {
  const seen = new Map<string, Types.ObjectId>();
  for (const id of ids) seen.set(id.toHexString(), id);
  return [...seen.values()];
}

/**
 * Items as the viewer sees them: each with its owner summary (from the local projection of users) and, for a
 * signed-in viewer, whether they favourited it. Two equality lookups whatever the number of items.
 */
export async function presentItems(
  core: Pick<ItemsCore, 'owners' | 'favorites'>,
  items: ItemViewSource[],
  viewer: Viewer | undefined,
  options: { favorited?: boolean } = {},
): Promise<Item[]> {
  if (items.length === 0) return [];
  const ownerIds = uniqueIds(items.map((item) => item.userId));
  const itemIds = items.map((item) => item._id);
  const [owners, favorites] = await Promise.all([
    core.owners
      .find({ _id: mongoose.trusted({ $in: ownerIds }) })
      .select(OWNER_FIELDS)
      .lean<OwnerViewSource[]>(),
    viewer && options.favorited === undefined
      ? core.favorites
          .find({
            userId: new mongoose.Types.ObjectId(viewer.id),
            itemId: mongoose.trusted({ $in: itemIds }),
          })
          .select({ itemId: 1 })
          .lean()
      : Promise.resolve([]),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner._id.toHexString(), owner]));
  const favorited = new Set(favorites.map((favorite) => favorite.itemId.toHexString()));
  return items.map((item) =>
    toItem(item, {
      owner: ownerById.get(item.userId.toHexString()),
      viewer,
      isFavorited: viewer ? (options.favorited ?? favorited.has(item._id.toHexString())) : undefined,
    }),
  );
}
