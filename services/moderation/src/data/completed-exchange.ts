import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A completed swap (messaging's exchange.completed): what makes a review possible. */
export interface CompletedExchangeRecord {
  _id: Types.ObjectId;
  requesterId: Types.ObjectId;
  ownerId: Types.ObjectId;
  itemId: Types.ObjectId | null;
  completedAt: Date;
}

export type CompletedExchangeModel = Model<CompletedExchangeRecord>;

const completedExchangeSchema = new Schema<CompletedExchangeRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    requesterId: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
    completedAt: { type: Date, required: true },
  },
  { collection: 'exchanges', versionKey: false },
);
completedExchangeSchema.index({ requesterId: 1, completedAt: -1 });
completedExchangeSchema.index({ ownerId: 1, completedAt: -1 });

export function completedExchangeModel(connection: Connection): CompletedExchangeModel {
  return (
    (connection.models.CompletedExchange as CompletedExchangeModel | undefined) ??
    connection.model<CompletedExchangeRecord>('CompletedExchange', completedExchangeSchema)
  );
}
