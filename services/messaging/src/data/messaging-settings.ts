import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { DEFAULT_MESSAGING_SETTINGS, type MessagingSettings } from '@nomadswap/contracts/messaging';

/** A user's messaging and notification preferences; absent means the defaults (DEFAULT_MESSAGING_SETTINGS). */
export interface MessagingSettingsRecord extends MessagingSettings {
  _id: Types.ObjectId;
  /** Grows with every change (none before the first): orders the `messaging.settings-updated` events. */
  version: number;
}

export type MessagingSettingsModel = Model<MessagingSettingsRecord>;

export const messagingSettingsSchema = new Schema<MessagingSettingsRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    ...Object.fromEntries(
      Object.entries(DEFAULT_MESSAGING_SETTINGS).map(([field, value]) => [
        field,
        { type: Boolean, default: value },
      ]),
    ),
    // No default: the first change's $inc makes it 1.
    version: { type: Number },
  },
  { collection: 'settings', versionKey: false },
);

export function messagingSettingsModel(connection: Connection): MessagingSettingsModel {
  return (
    (connection.models.MessagingSettings as MessagingSettingsModel | undefined) ??
    connection.model<MessagingSettingsRecord>('MessagingSettings', messagingSettingsSchema)
  );
}
