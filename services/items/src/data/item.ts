import mongoose from 'mongoose';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { invalidateListings, invalidatesListings } from './listing-cache';
import { CATEGORIES, CONDITION_VALUES, type Category, type Condition } from '@nomadswap/contracts/enums';
import { IMAGE_STATES } from '@nomadswap/contracts/responses';

export type PhotoState = (typeof IMAGE_STATES)[number];

/** One photo of an item. Its `_id` is the image id of the served URLs (`/api/images/<id>`). */
export interface PhotoRecord {
  _id: Types.ObjectId;
  state: PhotoState;
  /** Why processing failed, for admins and logs (never the raw error of a library shown to users). */
  error: string | null;
  createdAt: Date;
}

/** An item as stored (spec section 3, plus the bookkeeping the service needs). */
export interface ItemRecord {
  _id: Types.ObjectId;
  title: string;
  description: string;
  category: Category;
  condition: Condition;
  /** The place's label when `placeId` is set, else the text the owner wrote (issue 22). */
  location: string;
  /**
   * The GeoNames id of the city `location` names, null when it names none. The item's position is that city's
   * centre: "within 50 km" is a list of place ids (placeIdsWithin), so no coordinates are stored.
   */
  placeId: string | null;
  userId: Types.ObjectId;
  isActive: boolean;
  isSwapped: boolean;
  preferredExchange: string | null;
  /**
   * Reserved by an accepted exchange (issue 20): for whom (the requester) and which exchange holds it. Both null
   * when the item is free; kept in step with the exchange projection (src/domain/apply-exchange-events.ts).
   */
  reservedFor: Types.ObjectId | null;
  reservedByExchangeId: Types.ObjectId | null;
  /** Until when it is listed (issue 22); null: no deadline. At this instant it expires (src/domain/item-deadlines.ts). */
  availableUntil: Date | null;
  /** When it expired: gone from everyone's listings but its owner's, until relisted. Null while listed. */
  expiredAt: Date | null;
  /**
   * Its owner is in transit (issue 22, travelling mode): hidden from everyone else as an expired item is, but not
   * expired — its deadline keeps running. Copied from the owner's user events (apply-user-events).
   */
  ownerPaused: boolean;
  /**
   * Until when it is hidden because its owner is suspended (issue 26): gone from browse, search, stats and other
   * people's item detail while this is later than the clock, shown again by itself after it (no job) or when the
   * suspension is lifted. Null: not hidden. A suspension for good hides it until {@link HIDDEN_FOR_GOOD}.
   */
  hiddenUntil: Date | null;
  /** In display order; at most three. */
  photos: PhotoRecord[];
  /** Incremented on every change: carried in events and used for optimistic concurrency on writes. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type ItemModel = Model<ItemRecord>;

/** The latest date there is: the `hiddenUntil` of a suspension for good. */
export const HIDDEN_FOR_GOOD = new Date(8_640_000_000_000_000);

/** Items not hidden by their owner's suspension at `now` (a filter part; see `hiddenUntil`). */
export function notHiddenAt(now: Date): Record<string, unknown> {
  return { $or: [{ hiddenUntil: null }, { hiddenUntil: mongoose.trusted({ $lte: now }) }] };
}

const photoSchema = new Schema<PhotoRecord>(
  {
    state: { type: String, enum: IMAGE_STATES, required: true },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { _id: true, versionKey: false },
);

export const itemSchema = new Schema<ItemRecord>(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    category: { type: String, enum: CATEGORIES, required: true },
    condition: { type: String, enum: CONDITION_VALUES, required: true },
    location: { type: String, required: true },
    placeId: { type: String, default: null },
    userId: { type: Schema.Types.ObjectId, required: true },
    isActive: { type: Boolean, default: true },
    isSwapped: { type: Boolean, default: false },
    preferredExchange: { type: String, default: null },
    reservedFor: { type: Schema.Types.ObjectId, default: null },
    reservedByExchangeId: { type: Schema.Types.ObjectId, default: null },
    availableUntil: { type: Date, default: null },
    expiredAt: { type: Date, default: null },
    ownerPaused: { type: Boolean, default: false },
    hiddenUntil: { type: Date, default: null },
    photos: { type: [photoSchema], default: [] },
    version: { type: Number, default: 1 },
  },
  { collection: 'items', timestamps: true, versionKey: false },
);
// Equality lookups: a user's items (profile, cascades) and photos still being processed (the sweeper).
// Browse pages are cached: every write through the model invalidates them.
itemSchema.plugin(invalidatesListings);
itemSchema.index({ userId: 1 });
itemSchema.index({ 'photos.state': 1 });
itemSchema.index({ isActive: 1, isSwapped: 1, createdAt: -1 });
// Leaving soon (the nearest deadlines first) and an owner's items of one deadline (the reminders).
itemSchema.index({ availableUntil: 1 });

/**
 * Marks a processing photo ready and answers the item as it is now (null when the item is gone or the photo is
 * not processing any more). The driver directly (typed ids, fixed operators): this runs once per photo on the
 * image worker's hot path, so it invalidates the listings itself.
 */
export async function markPhotoReady(
  items: ItemModel,
  props: { itemId: Types.ObjectId; imageId: Types.ObjectId },
): Promise<ItemRecord | null> {
  const updated = (await items.collection.findOneAndUpdate(
    { _id: props.itemId, photos: { $elemMatch: { _id: props.imageId, state: 'processing' } } },
    // A processing photo has no error to clear: one positional path, which every engine accepts.
    { $set: { 'photos.$.state': 'ready', updatedAt: new Date() }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  )) as ItemRecord | null;
  if (updated) await invalidateListings(items.db);
  return updated;
}

export function itemModel(connection: Connection): ItemModel {
  return (
    (connection.models.Item as ItemModel | undefined) ?? connection.model<ItemRecord>('Item', itemSchema)
  );
}
