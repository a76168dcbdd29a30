import type { UserEventData } from '@nomadswap/contracts/events';
import type { UserPublic, UserSelf } from '@nomadswap/contracts/responses';
import type { Id } from '../data/ids';
import type { UserRecord } from '../data/user-model';
import { toStayView } from './resolve-stay';

/** The stored fields the views read (a mongoose document, a lean one, or a raw driver document). */
export type UserViewSource = Pick<
  UserRecord,
  | 'username'
  | 'email'
  | 'fullName'
  | 'bio'
  | 'location'
  | 'placeId'
  | 'language'
  | 'avatar'
  | 'rating'
  | 'reviewCount'
  | 'completedSwaps'
  | 'arrangedSwaps'
  | 'noShows'
  | 'isVerified'
  | 'isApproved'
  | 'role'
  | 'approvedAt'
  | 'approvedBy'
  | 'createdAt'
  | 'version'
> & { _id: Id } & Partial<Pick<UserRecord, 'stay' | 'inTransit'>>;

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/**
 * What any approved user may see of another. Built field by field, so nothing stored (password hash, e-mail,
 * bookkeeping) can leak through a new field on the model.
 */
export function toUserPublic(user: UserViewSource): UserPublic {
  return {
    id: user._id.toHexString(),
    username: user.username,
    fullName: user.fullName,
    bio: user.bio ?? '',
    location: user.location ?? '',
    placeId: user.placeId ?? null,
    avatar: user.avatar ?? null,
    rating: user.rating ?? 0,
    reviewCount: user.reviewCount ?? 0,
    completedSwaps: user.completedSwaps ?? 0,
    arrangedSwaps: user.arrangedSwaps ?? 0,
    isVerified: user.isVerified ?? false,
    isApproved: user.isApproved ?? false,
    role: user.role,
    createdAt: iso(user.createdAt) ?? new Date(0).toISOString(),
    stay: toStayView(user.stay),
  };
}

/** The user as they and admins see it: the public view plus e-mail, approval details and no-shows. */
export function toUserSelf(user: UserViewSource): UserSelf {
  return {
    ...toUserPublic(user),
    email: user.email,
    approvedAt: iso(user.approvedAt),
    approvedBy: user.approvedBy ? user.approvedBy.toHexString() : null,
    noShows: user.noShows ?? 0,
    inTransit: user.inTransit ?? false,
    language: user.language ?? null,
  };
}

/** The data of user.registered / user.updated / user.approved events. */
export function toUserEventData(user: UserViewSource): UserEventData {
  return {
    id: user._id.toHexString(),
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar ?? null,
    location: user.location ?? '',
    placeId: user.placeId ?? null,
    rating: user.rating ?? 0,
    reviewCount: user.reviewCount ?? 0,
    isApproved: user.isApproved ?? false,
    role: user.role,
    // For services that mail the user (messaging's offline nudge, moderation's report acknowledgements).
    email: user.email,
    // Items shows "Leaving in 3 days" beside the owner and defaults deadlines to the departure.
    stay: toStayView(user.stay),
    // Items pauses the listings of a user in transit.
    inTransit: user.inTransit ?? false,
    // The language of the texts services send the user (e-mails, pushes).
    language: user.language ?? null,
    version: user.version ?? 1,
  };
}
