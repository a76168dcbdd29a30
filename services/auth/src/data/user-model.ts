import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { LANGUAGES, ROLES, type Language, type Role } from '@nomadswap/contracts/enums';

/** A stay's city as stored (issue 22): the place's label or the text as written, and the zone its dates are in. */
export interface StayPlaceRecord {
  location: string;
  placeId: string | null;
  timezone: string;
}

/** Where a user is until when, and where they go next (issue 22). */
export interface StayRecord extends StayPlaceRecord {
  /** The last day as picked, and its end: 23:59 that day in `timezone`. */
  untilDate: string;
  until: Date;
  next: (StayPlaceRecord & { fromDate: string; from: Date }) | null;
}

/** A user as stored (spec section 3, plus the bookkeeping the service needs). */
export interface UserRecord {
  _id: Types.ObjectId;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive ('Ana' and 'ana' are the same name). */
  usernameKey: string;
  /** Always lower-cased (the shared schema lower-cases input), so its unique index is case-insensitive. */
  email: string;
  passwordHash: string;
  fullName: string;
  bio: string;
  /** The place's label when `placeId` is set, else the text the user wrote (issue 22). */
  location: string;
  /** The GeoNames id of the city `location` names; null when it names none. */
  placeId: string | null;
  /** Where they are until when (issue 22); null without one. */
  stay: StayRecord | null;
  /** Travelling mode (issue 22): their listings are paused while true. */
  inTransit: boolean;
  /** URL of the processed avatar (`/api/avatars/<avatarId>`), or null until one is ready. */
  avatar: string | null;
  /** Id of the processed variants in the `avatars` bucket. */
  avatarId: Types.ObjectId | null;
  /** The raw upload waiting for the avatar job; a newer upload supersedes it. */
  pendingAvatarUploadId: Types.ObjectId | null;
  phoneNumber: string | null;
  /** The language the user chose (issue 23); null until they choose one. */
  language: Language | null;
  /** Average of the ratings received (ratingSum / ratingCount), 0 without reviews. */
  rating: number;
  ratingSum: number;
  ratingCount: number;
  /** Reviews received; admins may overwrite it as the "swap count" (design.md, Decisions). */
  reviewCount: number;
  completedSwaps: number;
  /** Accepted exchanges that ended, completed or not ("Completed N of M arranged swaps"). */
  arrangedSwaps: number;
  /** Ended exchanges recorded as this user's no-show (the admin's user detail shows them). */
  noShows: number;
  isVerified: boolean;
  isApproved: boolean;
  role: Role;
  approvedAt: Date | null;
  approvedBy: Types.ObjectId | null;
  /** Incremented on every change and carried in events, so consumers can ignore stale ones. */
  version: number;
  /** Events already applied, so redelivered ones change nothing (exchanges: their one terminal event). */
  appliedExchangeIds: string[];
  appliedReviewIds: string[];
  /** Reviews deleted before their creation event arrived: a late review.created is then ignored. */
  removedReviewIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type UserModel = Model<UserRecord>;

/** The collection's name, which the outbox guards of user events name. */
export const USERS_COLLECTION = 'users';

const nullableString = { type: String, default: null };

const stayPlaceFields = {
  location: { type: String, required: true },
  placeId: nullableString,
  timezone: { type: String, required: true },
};
const staySchema = new Schema<StayRecord>(
  {
    ...stayPlaceFields,
    untilDate: { type: String, required: true },
    until: { type: Date, required: true },
    next: {
      type: new Schema(
        {
          ...stayPlaceFields,
          fromDate: { type: String, required: true },
          from: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { _id: false },
);

export const userSchema = new Schema<UserRecord>(
  {
    username: { type: String, required: true, trim: true },
    usernameKey: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    passwordHash: { type: String, required: true, select: false },
    fullName: { type: String, required: true, trim: true },
    bio: { type: String, default: '' },
    location: { type: String, default: '' },
    placeId: nullableString,
    stay: { type: staySchema, default: null },
    inTransit: { type: Boolean, default: false },
    avatar: nullableString,
    avatarId: { type: Schema.Types.ObjectId, default: null },
    pendingAvatarUploadId: { type: Schema.Types.ObjectId, default: null },
    phoneNumber: nullableString,
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    rating: { type: Number, default: 0 },
    ratingSum: { type: Number, default: 0 },
    ratingCount: { type: Number, default: 0 },
    reviewCount: { type: Number, default: 0, min: 0 },
    completedSwaps: { type: Number, default: 0 },
    arrangedSwaps: { type: Number, default: 0 },
    noShows: { type: Number, default: 0 },
    isVerified: { type: Boolean, default: false },
    isApproved: { type: Boolean, default: false },
    role: { type: String, enum: ROLES, default: 'user' },
    approvedAt: { type: Date, default: null },
    approvedBy: { type: Schema.Types.ObjectId, default: null },
    version: { type: Number, default: 1 },
    appliedExchangeIds: { type: [String], default: [], select: false },
    appliedReviewIds: { type: [String], default: [], select: false },
    removedReviewIds: { type: [String], default: [], select: false },
  },
  { collection: USERS_COLLECTION, timestamps: true, versionKey: false },
);
userSchema.index({ isApproved: 1, createdAt: 1 });
userSchema.index({ createdAt: -1 });

/** The User model on this service's connection (compiled once per connection). */
export function userModel(connection: Connection): UserModel {
  return (
    (connection.models.User as UserModel | undefined) ?? connection.model<UserRecord>('User', userSchema)
  );
}
