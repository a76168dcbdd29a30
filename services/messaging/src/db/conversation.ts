import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * One side of a conversation: a row per (owner, other participant), so the conversation list is a paged read of
 * the caller's rows instead of a scan of every message. Written on every send, for both sides.
 */
export interface ConversationRecord {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId;
  otherId: Types.ObjectId;
  lastMessageId: Types.ObjectId;
  lastMessageAt: Date;
  /** The item the conversation is about (the latest one named by a message). */
  itemId: Types.ObjectId | null;
}

export type ConversationModel = Model<ConversationRecord>;

export const conversationSchema = new Schema<ConversationRecord>(
  {
    ownerId: { type: Schema.Types.ObjectId, required: true },
    otherId: { type: Schema.Types.ObjectId, required: true },
    lastMessageId: { type: Schema.Types.ObjectId, required: true },
    lastMessageAt: { type: Date, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ ownerId: 1, otherId: 1 }, { unique: true });
conversationSchema.index({ ownerId: 1, lastMessageAt: -1, _id: -1 });

export function conversationModel(connection: Connection): ConversationModel {
  return (
    (connection.models.Conversation as ConversationModel | undefined) ??
    connection.model<ConversationRecord>('Conversation', conversationSchema)
  );
}
