import type { UserEventData } from '@nomadswap/contracts/events';
import { upsertNewerVersion, writeTombstone, type ProjectionModel } from './projection';

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
