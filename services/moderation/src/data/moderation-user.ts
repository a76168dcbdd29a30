import { Schema, type Connection, type Model } from 'mongoose';
import { userSummarySchemaFields, type UserSummaryRecord } from '@nomadswap/service-kit/user-projection';

/**
 * The local read model of a user, fed by auth's user.* events: how reviews name a reviewer, who may be reported,
 * where acknowledgements go. A deleted user stays as a tombstone (`deleted`, highest version) so a late event
 * cannot bring them back.
 */
export type ModerationUserRecord = UserSummaryRecord;

export type ModerationUserModel = Model<ModerationUserRecord>;

const moderationUserSchema = new Schema<ModerationUserRecord>(userSummarySchemaFields(), {
  collection: 'users',
  versionKey: false,
});
moderationUserSchema.index({ username: 1 });

export function moderationUserModel(connection: Connection): ModerationUserModel {
  return (
    (connection.models.ModerationUser as ModerationUserModel | undefined) ??
    connection.model<ModerationUserRecord>('ModerationUser', moderationUserSchema)
  );
}
