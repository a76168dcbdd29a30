import { MSG } from '@nomadswap/contracts/messages';
import { adminActionEvent } from '@nomadswap/service-kit/admin-action';
import type { StagedEvent } from '@nomadswap/service-kit/events';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { ItemsContext, ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { stageItemDeleted } from '../events/publish-item-events';
import { assertOwner, findItemOr404 } from './find-item';
import type { Viewer } from './item-views';
import { syncItemDeadline } from './item-deadlines';
import { oid } from '../data/ids';

/**
 * Removes an item for good: the item, every favourite of it, its photos' files, then item.deleted (and
 * `withEvents`), stored in the outbox before the deletion. Image jobs still running for it find it gone and
 * clean up after themselves.
 */
export async function removeItem(
  core: ItemsCore,
  item: Pick<ItemRecord, '_id' | 'userId' | 'photos'>,
  withEvents: StagedEvent[] = [],
) {
  const events = await stageItemDeleted(core, item, withEvents);
  const { deletedCount } = await core.items.deleteOne({ _id: item._id });
  if (deletedCount === 0) {
    await events.cancel();
    return false;
  }
  await core.favorites.deleteMany({ itemId: item._id });
  await core.files.deleteImages(item.photos.map((photo) => photo._id));
  await events.confirm();
  return true;
}

/** The owner deletes their item (403 'Access Denied' for anyone else, admins included: they use the admin route). */
export async function deleteOwnItem(
  core: ItemsContext,
  props: { viewer: Viewer; itemId: string },
): Promise<void> {
  const item = await findItemOr404(core, props.itemId);
  assertOwner(item, props.viewer);
  if (!(await removeItem(core, item))) throw new NotFoundError(MSG.itemNotFound);
  await syncItemDeadline(core, item, null);
}

/** An admin deletes any item (moderation); the audit log learns which and whose. */
export async function deleteItemAsAdmin(
  core: ItemsContext,
  props: { adminId: string; itemId: string },
): Promise<void> {
  const item = await findItemOr404(core, props.itemId);
  const audit = adminActionEvent({
    actorId: props.adminId,
    action: 'item.deleted',
    target: { type: 'item', id: props.itemId },
    before: { title: item.title, userId: item.userId.toHexString() },
  });
  if (!(await removeItem(core, item, [audit]))) throw new NotFoundError(MSG.itemNotFound);
  await syncItemDeadline(core, item, null);
}

/** Every item of a user, with all that hangs off them (user.deleted). */
export async function removeItemsOfUser(core: ItemsCore, props: { userId: string }): Promise<number> {
  const items = await core.items
    .find({ userId: oid(props.userId) })
    .select({ userId: 1, photos: 1 })
    .lean<Pick<ItemRecord, '_id' | 'userId' | 'photos'>[]>();
  let removed = 0;
  for (const item of items) if (await removeItem(core, item)) removed += 1;
  return removed;
}
