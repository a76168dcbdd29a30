import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { CATEGORIES, type Category } from '@nomadswap/contracts/enums';

/** A user's city alert (issue 22): new listings in `placeId` (and `category`, when set) are announced to them. */
export interface AlertRecord {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  placeId: string;
  /** The place's label when the alert was saved ('Lisbon, Portugal'). */
  location: string;
  category: Category | null;
  /** The secret of the e-mail's stop link (24 random bytes, base64url): whoever has it may stop this alert. */
  token: string;
  /** When the last digest went out (null: never); the next one is at least ALERT_LIMITS.digestIntervalMs later. */
  lastDigestAt: Date | null;
  createdAt: Date;
}

/**
 * An item queued for an alert: one per alert and item (the unique index is what announces an item once), and
 * `announcedAt` set by the digest that named it.
 */
export interface AlertMatchRecord {
  _id: Types.ObjectId;
  alertId: Types.ObjectId;
  itemId: Types.ObjectId;
  createdAt: Date;
  announcedAt: Date | null;
}

export type AlertModel = Model<AlertRecord>;
export type AlertMatchModel = Model<AlertMatchRecord>;

export const alertSchema = new Schema<AlertRecord>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    placeId: { type: String, required: true },
    location: { type: String, required: true },
    category: { type: String, enum: [...CATEGORIES, null], default: null },
    token: { type: String, required: true },
    lastDigestAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'alerts', versionKey: false },
);
// One alert per user, city and category, whatever the number of concurrent saves.
alertSchema.index({ userId: 1, placeId: 1, category: 1 }, { unique: true });
// New items look up the alerts of their city.
alertSchema.index({ placeId: 1 });
alertSchema.index({ token: 1 }, { unique: true });

export const alertMatchSchema = new Schema<AlertMatchRecord>(
  {
    alertId: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
    announcedAt: { type: Date, default: null },
  },
  { collection: 'alert_matches', versionKey: false },
);
alertMatchSchema.index({ alertId: 1, itemId: 1 }, { unique: true });
alertMatchSchema.index({ alertId: 1, announcedAt: 1 });

export function alertModel(connection: Connection): AlertModel {
  return (
    (connection.models.Alert as AlertModel | undefined) ?? connection.model<AlertRecord>('Alert', alertSchema)
  );
}

export function alertMatchModel(connection: Connection): AlertMatchModel {
  return (
    (connection.models.AlertMatch as AlertMatchModel | undefined) ??
    connection.model<AlertMatchRecord>('AlertMatch', alertMatchSchema)
  );
}
