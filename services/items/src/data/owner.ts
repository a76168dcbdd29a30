import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { invalidatesListings } from './listing-cache';
import { LANGUAGES, ROLES, type Language, type Role } from '@nomadswap/contracts/enums';

/** The part of an owner's stay items use (issue 22): where it is and when it ends. */
export interface OwnerStay {
  placeId: string | null;
  until: Date;
}

/**
 * The local read model of a user, fed by the auth service's user.* events: what item cards show of their owner.
 * A deleted user stays as a tombstone (`deleted`, highest version) so a late event cannot bring them back.
 */
export interface OwnerRecord {
  _id: Types.ObjectId;
  username: string;
  fullName: string;
  avatar: string | null;
  /** Where the listing-deadline reminders go (user.* events carry it); empty when unknown. */
  email: string;
  /** The language of those reminders (issue 23); null: not chosen, English. */
  language: Language | null;
  /**
   * The owner's e-mail switches for deadline reminders and city alert digests, from messaging's
   * `messaging.settings-updated` (issues 23, 22); on until they turn them off. `settingsVersion` is that event's
   * version (0: none seen), so a late one changes nothing.
   */
  emailReminders: boolean;
  emailAlerts: boolean;
  settingsVersion: number;
  location: string;
  /** Their current stay, as the public profile shows it (null: none, or not known yet). */
  stay: OwnerStay | null;
  /** Travelling mode: their items are paused (`ownerPaused`) while true. */
  inTransit: boolean;
  rating: number;
  reviewCount: number;
  isApproved: boolean;
  role: Role;
  version: number;
  deleted: boolean;
}

export type OwnerModel = Model<OwnerRecord>;

export const ownerSchema = new Schema<OwnerRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, default: '' },
    fullName: { type: String, default: '' },
    avatar: { type: String, default: null },
    email: { type: String, default: '' },
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    emailReminders: { type: Boolean, default: true },
    emailAlerts: { type: Boolean, default: true },
    settingsVersion: { type: Number, default: 0 },
    location: { type: String, default: '' },
    stay: {
      type: new Schema<OwnerStay>(
        { placeId: { type: String, default: null }, until: { type: Date, required: true } },
        { _id: false },
      ),
      default: null,
    },
    inTransit: { type: Boolean, default: false },
    rating: { type: Number, default: 0 },
    reviewCount: { type: Number, default: 0 },
    isApproved: { type: Boolean, default: false },
    role: { type: String, enum: ROLES, default: 'user' },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'users', versionKey: false },
);

// Owner summaries show on browse cards: every write through the model invalidates cached pages.
ownerSchema.plugin(invalidatesListings);

export function ownerModel(connection: Connection): OwnerModel {
  return (
    (connection.models.Owner as OwnerModel | undefined) ?? connection.model<OwnerRecord>('Owner', ownerSchema)
  );
}
