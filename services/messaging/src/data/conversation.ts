import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { runCommand, throwWriteError, type DatabaseHandle, type WriteReply } from './db-command';
import type { MessageRecord } from './message';

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

/** What the conversation repository needs: the connection (raw commands) and the model. */
export interface ConversationStore extends DatabaseHandle {
  conversations: ConversationModel;
}

/**
 * Both sides' conversation rows point at the newest message (and at the item, when this one names one): one
 * `update` command with two upserts on the unique owner+other index. The values are already typed, so neither
 * mongoose's casting nor the driver's bulk-write objects are needed (both cost more CPU than the command in the
 * replica's profile, bench/chat). A new row gets the schema's `itemId: null` default explicitly.
 */
export async function touchConversations(ctx: ConversationStore, record: MessageRecord): Promise<void> {
  const set = {
    lastMessageId: record._id,
    lastMessageAt: record.createdAt,
    ...(record.itemId ? { itemId: record.itemId } : {}),
  };
  const update = { $set: set, ...(record.itemId ? {} : { $setOnInsert: { itemId: null } }) };
  const command = {
    update: ctx.conversations.collection.collectionName,
    updates: [
      { q: { ownerId: record.senderId, otherId: record.receiverId }, u: update, upsert: true },
      { q: { ownerId: record.receiverId, otherId: record.senderId }, u: update, upsert: true },
    ],
    ordered: false,
  };
  let reply = await runCommand<WriteReply>(ctx, command);
  // Two first messages at once: the other request inserted a row; now both rows exist and this updates them.
  if (reply.writeErrors?.every(isDuplicateKey)) reply = await runCommand<WriteReply>(ctx, command);
  throwWriteError(reply);
}
