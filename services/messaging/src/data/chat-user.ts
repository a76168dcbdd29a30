import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { LANGUAGES, ROLES, type Language, type Role } from '@nomadswap/contracts/enums';

/**
 * The local read model of a user, fed by auth's user.* events: how chats show a participant. A deleted user
 * stays as a tombstone (`deleted`, highest version) so a late event cannot bring them back.
 */
export interface ChatUserRecord {
  _id: Types.ObjectId;
  username: string;
  fullName: string;
  avatar: string | null;
  rating: number;
  reviewCount: number;
  isApproved: boolean;
  role: Role;
  /** Only for the offline e-mail nudge; never presented. Null until auth's events carry it. */
  email: string | null;
  /** The language of the e-mails sent to the user (issue 23); null: not chosen, English. */
  language: Language | null;
  version: number;
  deleted: boolean;
}

export type ChatUserModel = Model<ChatUserRecord>;

export const chatUserSchema = new Schema<ChatUserRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, default: '' },
    fullName: { type: String, default: '' },
    avatar: { type: String, default: null },
    rating: { type: Number, default: 0 },
    reviewCount: { type: Number, default: 0 },
    isApproved: { type: Boolean, default: false },
    role: { type: String, enum: ROLES, default: 'user' },
    email: { type: String, default: null },
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'users', versionKey: false },
);

export function chatUserModel(connection: Connection): ChatUserModel {
  return (
    (connection.models.ChatUser as ChatUserModel | undefined) ??
    connection.model<ChatUserRecord>('ChatUser', chatUserSchema)
  );
}
