import { Schema, type Types } from 'mongoose';
import { LANGUAGES, ROLES, type Language, type Role } from '@nomadswap/contracts/enums';
import type { UserEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone, type ProjectionModel } from './projection';

/**
 * A user summary as stored (messaging's chat users, moderation's users): what userSummaryFields writes, with the
 * projection's `version` and tombstone flag. A service's record extends it with its own fields.
 */
export interface UserSummaryRecord {
  _id: Types.ObjectId;
  username: string;
  fullName: string;
  avatar: string | null;
  isApproved: boolean;
  role: Role;
  /** For the service's e-mails only; never presented. Null until auth's events carry it. */
  email: string | null;
  /** The language of those e-mails (issue 23); null: not chosen, English. */
  language: Language | null;
  version: number;
  deleted: boolean;
}

/** The schema paths of UserSummaryRecord, fresh for each schema (mongoose keeps the object it is given). */
export function userSummarySchemaFields() {
  return {
    _id: { type: Schema.Types.ObjectId, required: true },
    username: { type: String, default: '' },
    fullName: { type: String, default: '' },
    avatar: { type: String, default: null },
    isApproved: { type: Boolean, default: false },
    role: { type: String, enum: ROLES, default: 'user' as Role },
    email: { type: String, default: null },
    language: { type: String, enum: [...LANGUAGES, null], default: null },
    version: { type: Number, required: true },
    deleted: { type: Boolean, default: false },
  };
}

/**
 * What every service's summary of a user keeps from a user event (items, messaging and moderation each hold one
 * to show names and avatars and to check approval without asking auth). E-mail and language are left out when
 * the event has none: older publishers did not send them, and the value known stays.
 */
export function userSummaryFields(user: UserEventData): Record<string, unknown> {
  return {
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar,
    isApproved: user.isApproved,
    role: user.role,
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.language === undefined ? {} : { language: user.language }),
  };
}

/** What a deleted user's summary still shows: nothing that names or reaches them. */
export const DELETED_USER_SUMMARY: Readonly<Record<string, unknown>> = {
  username: '',
  fullName: '',
  avatar: null,
  isApproved: false,
  email: null,
  language: null,
};

/**
 * Stores a user summary from user.registered / updated / approved when the event is newer than what is stored
 * (stale versions change nothing). `extra` adds the fields only this service keeps. Returns whether it was stored.
 */
export async function upsertUserSummary(
  model: ProjectionModel,
  user: UserEventData,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  return upsertNewerVersion(model, {
    id: user.id,
    version: user.version,
    set: { ...userSummaryFields(user), ...extra },
  });
}

/**
 * A user was deleted: their summary becomes a tombstone blanked as DELETED_USER_SUMMARY, plus (or overriding) the
 * service's own `extra` blanks. No late event brings it back; safe to run twice.
 */
export async function tombstoneUserSummary(
  model: ProjectionModel,
  userId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await writeTombstone(model, { id: userId, set: { ...DELETED_USER_SUMMARY, ...extra } });
}
