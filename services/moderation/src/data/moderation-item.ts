import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** The local read model of an item (items' item.* events): what a report may name and pending reviews show. */
export interface ModerationItemRecord {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId;
  title: string;
  version: number;
  deleted: boolean;
}

export type ModerationItemModel = Model<ModerationItemRecord>;

const moderationItemSchema = new Schema<ModerationItemRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    title: { type: String, default: '' },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'items', versionKey: false },
);

export function moderationItemModel(connection: Connection): ModerationItemModel {
  return (
    (connection.models.ModerationItem as ModerationItemModel | undefined) ??
    connection.model<ModerationItemRecord>('ModerationItem', moderationItemSchema)
  );
}
