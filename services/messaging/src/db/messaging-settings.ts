import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A user's messaging preferences; absent means the defaults (DEFAULT_MESSAGING_SETTINGS). */
export interface MessagingSettingsRecord {
  _id: Types.ObjectId;
  readReceipts: boolean;
  emailNotifications: boolean;
  emailIncludesContent: boolean;
}

export type MessagingSettingsModel = Model<MessagingSettingsRecord>;

export const messagingSettingsSchema = new Schema<MessagingSettingsRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    readReceipts: { type: Boolean, default: true },
    emailNotifications: { type: Boolean, default: true },
    emailIncludesContent: { type: Boolean, default: false },
  },
  { collection: 'settings', versionKey: false },
);

export function messagingSettingsModel(connection: Connection): MessagingSettingsModel {
  return (
    (connection.models.MessagingSettings as MessagingSettingsModel | undefined) ??
    connection.model<MessagingSettingsRecord>('MessagingSettings', messagingSettingsSchema)
  );
}
