import type { ItemEventData } from '@nomadswap/contracts/events';
import type { Item, ItemCard, ItemImage, UserSummary } from '@nomadswap/contracts/responses';
import type { ImageSize } from '../data/image-files';
import type { ItemRecord, PhotoRecord } from '../data/item';
import type { OwnerRecord } from '../data/owner';
import { type Id } from '../data/ids';

/** Who is looking, as far as item views care. */
export interface Viewer {
  id: string;
  role: 'user' | 'admin';
  isApproved: boolean;
}

/** The stored fields the views read (a lean document). */
export type ItemViewSource = Pick<
  ItemRecord,
  | '_id'
  | 'title'
  | 'description'
  | 'category'
  | 'condition'
  | 'location'
  | 'placeId'
  | 'userId'
  | 'isActive'
  | 'isSwapped'
  | 'preferredExchange'
  | 'reservedFor'
  | 'photos'
  | 'version'
  | 'createdAt'
  | 'availableUntil'
  | 'expiredAt'
>;

const isoOrNull = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

export type OwnerViewSource = Pick<
  OwnerRecord,
  '_id' | 'fullName' | 'username' | 'avatar' | 'rating' | 'reviewCount' | 'deleted'
> &
  Partial<Pick<OwnerRecord, 'stay'>>;

/** The URL a processed variant is served at; an image id never changes content, so it is cached for good. */
export const imageUrl = (imageId: Id | string, size: ImageSize) =>
  `/api/images/${typeof imageId === 'string' ? imageId : imageId.toHexString()}?size=${size}`;

/** `/api/images/<id>…` (as `images` carries them) → the image id, else null. */
export function imageIdFromUrl(url: string): string | null {
  return /^\/api\/images\/([a-f0-9]{24})(?:[/?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * Whom the item is reserved for: only the owner, that requester and admins are told; everyone else sees only
 * that it is reserved.
 */
export function reservedForSeenBy(
  item: Pick<ItemRecord, 'userId' | 'reservedFor'>,
  viewer: Viewer | undefined,
): string | null {
  const reservedFor = item.reservedFor ? item.reservedFor.toHexString() : null;
  if (!reservedFor || !viewer) return null;
  const told =
    viewer.role === 'admin' || viewer.id === reservedFor || item.userId.toHexString() === viewer.id;
  return told ? reservedFor : null;
}

/** Owners and admins see every photo with its state; everyone else only the ready ones. */
export function canSeeAllPhotos(item: Pick<ItemRecord, 'userId'>, viewer: Viewer | undefined): boolean {
  return !!viewer && (viewer.role === 'admin' || item.userId.toHexString() === viewer.id);
}

function toItemImage(photo: PhotoRecord): ItemImage {
  const ready = photo.state === 'ready';
  return {
    id: photo._id.toHexString(),
    state: photo.state,
    thumb: ready ? imageUrl(photo._id, 'thumb') : null,
    full: ready ? imageUrl(photo._id, 'full') : null,
  };
}

export function toUserSummary(owner: OwnerViewSource | null | undefined): UserSummary | null {
  if (!owner || owner.deleted) return null;
  return {
    id: owner._id.toHexString(),
    fullName: owner.fullName,
    username: owner.username,
    avatar: owner.avatar ?? null,
    rating: owner.rating ?? 0,
    reviewCount: owner.reviewCount ?? 0,
  };
}

/**
 * When the owner leaves the item's city (issue 22): their stay's end when the stay is in that city, else null.
 * Sent whatever the date; the web shows "Leaving in 3 days" within STAY_LIMITS.ownerLeavingSoonMs by its own
 * clock (cached pages do not change with the clock). The public profile shows the same stay.
 */
export function ownerLeavingAt(
  item: Pick<ItemRecord, 'placeId'>,
  owner: OwnerViewSource | null | undefined,
): string | null {
  const stay = owner?.stay;
  return stay?.placeId && stay.placeId === item.placeId ? new Date(stay.until).toISOString() : null;
}

/** The summary with `leavingAt` only when there is one: every other summary stays as it was. */
const withLeavingAt = (summary: UserSummary | null, leavingAt: string | null) =>
  summary && leavingAt ? { ...summary, leavingAt } : summary;

/**
 * The API's item (spec section 3): `images` lists the ready full-size images in order, `photos` the per-image
 * state and variants. Built field by field so bookkeeping never leaks.
 */
export function toItem(
  item: ItemViewSource,
  props: { owner: OwnerViewSource | null | undefined; viewer: Viewer | undefined; isFavorited?: boolean },
): Item {
  const photos = canSeeAllPhotos(item, props.viewer)
    ? item.photos
    : item.photos.filter((photo) => photo.state === 'ready');
  const view: Item = {
    id: item._id.toHexString(),
    title: item.title,
    description: item.description,
    category: item.category,
    condition: item.condition,
    images: photos.filter((photo) => photo.state === 'ready').map((photo) => imageUrl(photo._id, 'full')),
    photos: photos.map(toItemImage),
    location: item.location,
    placeId: item.placeId ?? null,
    userId: item.userId.toHexString(),
    isActive: item.isActive,
    isSwapped: item.isSwapped,
    isReserved: !!item.reservedFor,
    reservedFor: reservedForSeenBy(item, props.viewer),
    preferredExchange: item.preferredExchange ?? null,
    availableUntil: isoOrNull(item.availableUntil),
    expiredAt: isoOrNull(item.expiredAt),
    createdAt: new Date(item.createdAt).toISOString(),
    user: withLeavingAt(toUserSummary(props.owner), ownerLeavingAt(item, props.owner)),
  };
  if (props.isFavorited !== undefined) view.isFavorited = props.isFavorited;
  return view;
}

/**
 * Whether a listing shows this viewer the full item: approved users and admins (who may open any item) and the
 * item's owner. Visitors and unapproved users get {@link toItemCard}.
 */
export function seesFullItem(item: Pick<ItemRecord, 'userId'>, viewer: Viewer | undefined): boolean {
  return (
    !!viewer && (viewer.isApproved || viewer.role === 'admin' || item.userId.toHexString() === viewer.id)
  );
}

/** A browse card (spec section 2): what the card shows and nothing more. */
export function toItemCard(item: ItemViewSource, owner: OwnerViewSource | null | undefined): ItemCard {
  const cover = item.photos.find((photo) => photo.state === 'ready');
  const summary = toUserSummary(owner);
  return {
    id: item._id.toHexString(),
    title: item.title,
    description: item.description,
    category: item.category,
    condition: item.condition,
    location: item.location,
    placeId: item.placeId ?? null,
    cover: cover ? imageUrl(cover._id, 'thumb') : null,
    isReserved: !!item.reservedFor,
    availableUntil: isoOrNull(item.availableUntil),
    user: summary
      ? {
          fullName: summary.fullName,
          avatar: summary.avatar,
          rating: summary.rating,
          reviewCount: summary.reviewCount,
        }
      : null,
  };
}

/** The data of item.created / item.updated: enough for chats and reports to show the item. */
export function toItemEventData(item: ItemViewSource): ItemEventData {
  const cover = item.photos.find((photo) => photo.state === 'ready');
  return {
    id: item._id.toHexString(),
    userId: item.userId.toHexString(),
    title: item.title,
    image: cover ? imageUrl(cover._id, 'thumb') : null,
    isSwapped: item.isSwapped,
    version: item.version,
  };
}
