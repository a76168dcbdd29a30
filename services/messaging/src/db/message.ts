import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SAFETY_WARNINGS, type SafetyWarning } from '@nomadswap/contracts/enums';

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
