import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** `blockerId` blocked `blockedId`: no messages or typing either way, no presence. Reversible. */
export interface BlockRecord {
  _id: Types.ObjectId;
  blockerId: Types.ObjectId;
  blockedId: Types.ObjectId;
  createdAt: Date;
}

export type BlockModel = Model<BlockRecord>;

export const blockSchema = new Schema<BlockRecord>(
  {
    blockerId: { type: Schema.Types.ObjectId, required: true },
    blockedId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'blocks', versionKey: false },
);
blockSchema.index({ blockerId: 1, blockedId: 1 }, { unique: true });
blockSchema.index({ blockedId: 1 });

export function blockModel(connection: Connection): BlockModel {
  return (
    (connection.models.Block as BlockModel | undefined) ?? connection.model<BlockRecord>('Block', blockSchema)
  );
}
