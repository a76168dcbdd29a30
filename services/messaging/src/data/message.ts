import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SAFETY_WARNINGS, type SafetyWarning } from '@nomadswap/contracts/enums';
import { runCommand, throwWriteError, type DatabaseHandle, type WriteReply } from './db-command';
import { newId, oid } from './ids';

/** A chat message (spec section 3). `clientId` is the sender's idempotency key, unique per sender. */
export interface MessageRecord {
  _id: Types.ObjectId;
  senderId: Types.ObjectId;
  receiverId: Types.ObjectId;
  content: string;
  /** The receiver's warning under the message (domain/safety-signal.ts); absent on messages stored before it. */
  safetyWarning?: SafetyWarning | null;
  clientId: string;
  itemId: Types.ObjectId | null;
  exchangeId: Types.ObjectId | null;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export type MessageModel = Model<MessageRecord>;

export const messageSchema = new Schema<MessageRecord>(
  {
    senderId: { type: Schema.Types.ObjectId, required: true },
    receiverId: { type: Schema.Types.ObjectId, required: true },
    content: { type: String, required: true },
    safetyWarning: { type: String, enum: SAFETY_WARNINGS, default: null },
    clientId: { type: String, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
    exchangeId: { type: Schema.Types.ObjectId, default: null },
    isRead: { type: Boolean, default: false },
    readAt: { type: Date, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'messages', versionKey: false },
);
// A retried send (same sender, same clientId) can never store a second copy, even when both arrive at once.
messageSchema.index({ senderId: 1, clientId: 1 }, { unique: true });
messageSchema.index({ senderId: 1, receiverId: 1, _id: -1 });
messageSchema.index({ receiverId: 1, isRead: 1 });

export function messageModel(connection: Connection): MessageModel {
  return (
    (connection.models.Message as MessageModel | undefined) ??
    connection.model<MessageRecord>('Message', messageSchema)
  );
}

/** What the message repository needs: the connection (raw commands) and the model. */
export interface MessageStore extends DatabaseHandle {
  messages: MessageModel;
}

/**
 * A new message with the schema's defaults written out: the send's insert hands the document to the driver as
 * is, without mongoose's casting (kept next to the schema so the two change together).
 */
export function newMessageRecord(props: {
  senderId: Types.ObjectId;
  receiverId: Types.ObjectId;
  content: string;
  safetyWarning: SafetyWarning | null;
  clientId: string;
  itemId: Types.ObjectId | null;
  exchangeId: Types.ObjectId | null;
}): MessageRecord {
  return {
    _id: newId(),
    ...props,
    isRead: false,
    readAt: null,
    createdAt: new Date(),
  };
}

/**
 * Stores a new message: one `insert` command (the send's hot path, decisions 0044 and 0047). A second copy of a
 * sender's `clientId` throws the duplicate-key error, as the driver would.
 */
export async function insertMessage(store: MessageStore, record: MessageRecord): Promise<void> {
  throwWriteError(
    await runCommand<WriteReply>(store, {
      insert: store.messages.collection.collectionName,
      documents: [record],
    }),
  );
}

/** The message a sender already stored under `clientId` (a retried send), if any. */
export async function findMessageByClientId(
  store: Pick<MessageStore, 'messages'>,
  senderId: string,
  clientId: string,
): Promise<MessageRecord | null> {
  return store.messages.findOne({ senderId: oid(senderId), clientId }).lean<MessageRecord>();
}

/** True while the two have exchanged fewer than `limit` messages (either way); counts no further than that. */
export async function hasFewerMessagesBetween(
  store: Pick<MessageStore, 'messages'>,
  a: string,
  b: string,
  limit: number,
): Promise<boolean> {
  const between = {
    $or: [
      { senderId: oid(a), receiverId: oid(b) },
      { senderId: oid(b), receiverId: oid(a) },
    ],
  };
  return (await store.messages.countDocuments(between, { limit })) < limit;
}
