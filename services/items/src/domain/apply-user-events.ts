import type { EventData, UserEventData } from '@nomadswap/contracts/events';
import { writeTombstone } from '@nomadswap/service-kit/projection';
import { upsertUserSummary } from '@nomadswap/service-kit/user-projection';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import type { ItemsCore } from '../context';
import { removeItemsOfUser } from './delete-item';
import { oid, op } from '../data/ids';

/**
 * Keeps the owner-summary projection of a user (user.registered / updated / approved): stored when newer than
 * what we have, ignored when older or equal (events may arrive late, twice or out of order). Travelling mode is
 * carried to the owner's items (`ownerPaused`).
 */
export async function applyUserSnapshot(
  core: Pick<ItemsCore, 'owners' | 'items'>,
  user: UserEventData,
): Promise<void> {
  const stored = await upsertUserSummary(core.owners, user, {
    location: user.location,
    // Older publishers leave it out: the stay known stays.
    ...(user.stay !== undefined
      ? { stay: user.stay && { placeId: user.stay.placeId, until: new Date(user.stay.until) } }
      : {}),
    ...(user.inTransit !== undefined ? { inTransit: user.inTransit } : {}),
    rating: user.rating,
    reviewCount: user.reviewCount,
  });
  if (stored && user.inTransit !== undefined) await syncOwnerPaused(core, user.id);
}

/**
 * Keeps the owner's reminder and alert e-mail switches (messaging.settings-updated, issues 23 and 22) when the event is newer than
 * the one stored; an owner not known yet gets a row the user events fill in later (version 0 ranks below every
 * user event), a deleted one stays a tombstone (its filter misses and the insert collides: nothing changes).
 */
export async function applyNotificationSettings(
  core: Pick<ItemsCore, 'owners'>,
  data: EventData<'messaging.settings-updated'>,
): Promise<void> {
  try {
    await core.owners.updateOne(
      {
        _id: oid(data.userId),
        settingsVersion: op({ $lt: data.version }),
        deleted: op({ $ne: true }),
      },
      {
        $set: {
          emailReminders: data.settings.emailReminders,
          emailAlerts: data.settings.emailAlerts,
          settingsVersion: data.version,
        },
        $setOnInsert: { version: 0 },
      },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/**
 * Travelling mode (issue 22): the owner's items follow what the projection holds *now*, not the event's value,
 * so a late handler writes the newest state rather than its own (a stale event never gets here at all).
 */
async function syncOwnerPaused(core: Pick<ItemsCore, 'owners' | 'items'>, userId: string): Promise<void> {
  const owner = await core.owners.findById(userId).select({ inTransit: 1, deleted: 1 }).lean();
  if (!owner || owner.deleted) return;
  const paused = owner.inTransit ?? false;
  await core.items.updateMany(
    { userId: oid(userId), ownerPaused: op({ $ne: paused }) },
    { $set: { ownerPaused: paused } },
  );
}

/**
 * A user was deleted (user.deleted): their items go (with photos, favourites of them, item.deleted each),
 * their own favourites go, and their summary becomes a tombstone. Safe to run twice.
 */
export async function deleteUserData(core: ItemsCore, props: { userId: string }): Promise<void> {
  const userId = oid(props.userId);
  await writeTombstone(core.owners, {
    id: props.userId,
    set: { username: '', fullName: '', avatar: null, email: '', language: null, location: '', stay: null },
  });
  await removeItemsOfUser(core, props);
  await core.favorites.deleteMany({ userId });
  // Their city alerts go too (issue 22); a digest already planned finds no alert and sends nothing.
  const alertIds = await core.alerts.distinct('_id', { userId });
  await core.alertMatches.deleteMany({ alertId: op({ $in: alertIds }) });
  await core.alerts.deleteMany({ userId });
}

/**
 * A user was sanctioned or a sanction lifted (issue 26): a suspension hides their items until it ends (for good:
 * until it is lifted); a newer restriction supersedes a suspension and a lift ends it, so both show them again.
 * Not deleted: the owner and admins still see them. Idempotent.
 */
export async function applySanction(
  core: Pick<ItemsCore, 'items'>,
  props: { userId: string; hiddenUntil: Date | null },
): Promise<void> {
  await core.items.updateMany({ userId: oid(props.userId) }, { $set: { hiddenUntil: props.hiddenUntil } });
}
