import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { EXCHANGE_STATUSES, type ExchangeStatus } from '@nomadswap/contracts/exchanges';

/**
 * The local read model of an exchange (messaging's exchange.* events, newest `version` only): which exchange
 * holds an item's reservation is derived from it, so events that arrive late, twice or out of order still
 * leave the item reserved by the right exchange, or by none.
 */
export interface ItemExchangeRecord {
  _id: Types.ObjectId;
  itemId: Types.ObjectId | null;
  requesterId: Types.ObjectId;
  ownerId: Types.ObjectId;
  offeredItemIds: Types.ObjectId[];
  status: ExchangeStatus;
  acceptedAt: Date | null;
  /** The completed exchange's items were marked swapped (once: a redelivery must not undo the owner's later toggle). */
  swapApplied: boolean;
  version: number;
  deleted: boolean;
}

export type ItemExchangeModel = Model<ItemExchangeRecord>;

const itemExchangeSchema = new Schema<ItemExchangeRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
    requesterId: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    offeredItemIds: { type: [Schema.Types.ObjectId], default: [] },
    status: { type: String, enum: EXCHANGE_STATUSES, required: true },
    acceptedAt: { type: Date, default: null },
    swapApplied: { type: Boolean, default: false },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'exchanges', versionKey: false },
);
// The exchanges of one item: which accepted one holds it.
itemExchangeSchema.index({ itemId: 1 });

export function itemExchangeModel(connection: Connection): ItemExchangeModel {
  return (
    (connection.models.ItemExchange as ItemExchangeModel | undefined) ??
    connection.model<ItemExchangeRecord>('ItemExchange', itemExchangeSchema)
  );
}
