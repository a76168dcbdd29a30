import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsCore } from '../context';
import { toItem, type ItemViewSource, type OwnerViewSource, type Viewer } from './item-views';
import { type Id, oid, op } from '../data/ids';

const OWNER_FIELDS = {
  fullName: 1,
  username: 1,
  avatar: 1,
  rating: 1,
  reviewCount: 1,
  deleted: 1,
  stay: 1,
} as const;

/** Owner summaries by user id (hex), from the local projection of users. */
export type OwnersById = Map<string, OwnerViewSource>;

function uniqueIds(ids: Id[]): Id[] {
  const seen = new Map<string, Id>();
  for (const id of ids) seen.set(id.toHexString(), id);
  return [...seen.values()];
}

/** The owners of these items, in one equality lookup. */
export async function loadOwners(
  core: Pick<ItemsCore, 'owners'>,
  items: Pick<ItemViewSource, 'userId'>[],
): Promise<OwnersById> {
  if (items.length === 0) return new Map();
  const owners = await core.owners
    .find({ _id: op({ $in: uniqueIds(items.map((item) => item.userId)) }) })
    .select(OWNER_FIELDS)
    .lean<OwnerViewSource[]>();
  return new Map(owners.map((owner) => [owner._id.toHexString(), owner]));
}

/** Which of these items the viewer favourited, in one equality lookup. */
export async function loadFavorited(
  core: Pick<ItemsCore, 'favorites'>,
  viewer: Viewer,
  items: Pick<ItemViewSource, '_id'>[],
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const favorites = await core.favorites
    .find({
      userId: oid(viewer.id),
      itemId: op({ $in: items.map((item) => item._id) }),
    })
    .select({ itemId: 1 })
    .lean();
  return new Set(favorites.map((favorite) => favorite.itemId.toHexString()));
}

/**
 * Items as the viewer sees them: each with its owner summary and, for a signed-in viewer, whether they
 * favourited it (`favorited` when already known, e.g. for the favourites list). `owners` when already loaded.
 */
export async function presentItems(
  core: Pick<ItemsCore, 'owners' | 'favorites'>,
  items: ItemViewSource[],
  viewer: Viewer | undefined,
  options: { favorited?: boolean; owners?: OwnersById } = {},
): Promise<Item[]> {
  if (items.length === 0) return [];
  const [owners, favorited] = await Promise.all([
    options.owners ?? loadOwners(core, items),
    viewer && options.favorited === undefined ? loadFavorited(core, viewer, items) : new Set<string>(),
  ]);
  return items.map((item) =>
    toItem(item, {
      owner: owners.get(item.userId.toHexString()),
      viewer,
      isFavorited: viewer ? (options.favorited ?? favorited.has(item._id.toHexString())) : undefined,
    }),
  );
}
