import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A user's favourite (spec section 3): one per user and item. */
export interface FavoriteRecord {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  itemId: Types.ObjectId;
  createdAt: Date;
}

export type FavoriteModel = Model<FavoriteRecord>;

export const favoriteSchema = new Schema<FavoriteRecord>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'favorites', versionKey: false },
);
// One favourite per user and item, whatever the number of concurrent requests.
favoriteSchema.index({ userId: 1, itemId: 1 }, { unique: true });
favoriteSchema.index({ userId: 1 });
favoriteSchema.index({ itemId: 1 });

export function favoriteModel(connection: Connection): FavoriteModel {
  return (
    (connection.models.Favorite as FavoriteModel | undefined) ??
    connection.model<FavoriteRecord>('Favorite', favoriteSchema)
  );
}
