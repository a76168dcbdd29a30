import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A completed swap (spec section 3). `dedupeKey` makes completing idempotent: the pair plus the item when one is
 * named, else the pair plus the newest message between them — so completing again with no new conversation in
 * between finds the same exchange, even when both requests arrive at once.
 */
export interface ExchangeRecord {
  _id: Types.ObjectId;
  requesterId: Types.ObjectId;
  ownerId: Types.ObjectId;
  itemId: Types.ObjectId | null;
  offeredItemId: Types.ObjectId | null;
  status: 'completed';
  message: string | null;
  dedupeKey: string;
  createdAt: Date;
  completedAt: Date;
}

export type ExchangeModel = Model<ExchangeRecord>;

export const exchangeSchema = new Schema<ExchangeRecord>(
  {
    requesterId: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
    offeredItemId: { type: Schema.Types.ObjectId, default: null },
    status: { type: String, enum: ['completed'], default: 'completed' },
    message: { type: String, default: null },
    dedupeKey: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    completedAt: { type: Date, default: () => new Date() },
  },
  { collection: 'exchanges', versionKey: false },
);
exchangeSchema.index({ dedupeKey: 1 }, { unique: true });
exchangeSchema.index({ requesterId: 1 });
exchangeSchema.index({ ownerId: 1 });

export function exchangeModel(connection: Connection): ExchangeModel {
  return (
    (connection.models.Exchange as ExchangeModel | undefined) ??
    connection.model<ExchangeRecord>('Exchange', exchangeSchema)
  );
}
