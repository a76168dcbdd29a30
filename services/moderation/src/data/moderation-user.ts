import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { LANGUAGES, ROLES, type Language, type Role } from '@nomadswap/contracts/enums';

/**
 * The local read model of a user, fed by auth's user.* events: how reviews name a reviewer, who may be reported,
 * where acknowledgements go. A deleted user stays as a tombstone (`deleted`, highest version) so a late event
 * cannot bring them back.
 */
export interface ModerationUserRecord {
  _id: Types.ObjectId;
  username: string;
  fullName: string;
  avatar: string | null;
  isApproved: boolean;
  role: Role;
  /** Only for acknowledgement e-mails; never presented. Null until auth's events carry it. */
  email: string | null;
  /** The language of those e-mails (issue 23); null: not chosen, English. */
  language: Language | null;
  version: number;
  deleted: boolean;
}

export type ModerationUserModel = Model<ModerationUserRecord>;

const moderationUserSchema = new Schema<ModerationUserRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, default: '' },
    fullName: { type: String, default: '' },
    avatar: { type: String, default: null },
    isApproved: { type: Boolean, default: false },
    role: { type: String, enum: ROLES, default: 'user' },
    email: { type: String, default: null },
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'users', versionKey: false },
);
moderationUserSchema.index({ username: 1 });

export function moderationUserModel(connection: Connection): ModerationUserModel {
  return (
    (connection.models.ModerationUser as ModerationUserModel | undefined) ??
    connection.model<ModerationUserRecord>('ModerationUser', moderationUserSchema)
  );
}
