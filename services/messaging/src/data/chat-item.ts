import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** The local read model of an item, fed by items' item.* events: the context shown in a chat header. */
export interface ChatItemRecord {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId;
  title: string;
  image: string | null;
  isSwapped: boolean;
  version: number;
  deleted: boolean;
}

export type ChatItemModel = Model<ChatItemRecord>;

export const chatItemSchema = new Schema<ChatItemRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    title: { type: String, default: '' },
    image: { type: String, default: null },
    isSwapped: { type: Boolean, default: false },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'items', versionKey: false },
);

export function chatItemModel(connection: Connection): ChatItemModel {
  return (
    (connection.models.ChatItem as ChatItemModel | undefined) ??
    connection.model<ChatItemRecord>('ChatItem', chatItemSchema)
  );
}
