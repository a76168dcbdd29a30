import { Schema, type Connection, type Model } from 'mongoose';
import { userSummarySchemaFields, type UserSummaryRecord } from '@nomadswap/service-kit/user-projection';

/**
 * The local read model of a user, fed by auth's user.* events: how chats show a participant. A deleted user
 * stays as a tombstone (`deleted`, highest version) so a late event cannot bring them back.
 */
export interface ChatUserRecord extends UserSummaryRecord {
  rating: number;
  reviewCount: number;
}

export type ChatUserModel = Model<ChatUserRecord>;

export const chatUserSchema = new Schema<ChatUserRecord>(
  {
    ...userSummarySchemaFields(),
    rating: { type: Number, default: 0 },
    reviewCount: { type: Number, default: 0 },
  },
  { collection: 'users', versionKey: false },
);

export function chatUserModel(connection: Connection): ChatUserModel {
  return (
    (connection.models.ChatUser as ChatUserModel | undefined) ??
    connection.model<ChatUserRecord>('ChatUser', chatUserSchema)
  );
}
