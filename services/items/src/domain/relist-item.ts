import type { ItemRelistInput } from '@nomadswap/contracts/items';
import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsContext } from '../context';
import { writeItemChange } from '../events/publish-item-events';
import { assertOwner, findItemOr404 } from './find-item';
import { presentItemFor } from './get-item';
import { resolveAvailableUntil, syncItemDeadline } from './item-deadlines';
import { queueItemForAlerts } from './alert-digests';
import type { Viewer } from './item-views';
import { updateItemVersioned } from './update-item-versioned';

/**
 * Relist / Extend (issue 22): the owner gives their item a new deadline. An expired item is listed again; a listed
 * one keeps its place and gets the later date. Its delayed jobs move with the date (the old expiry goes).
 */
export async function relistItem(
  ctx: ItemsContext,
  props: { viewer: Viewer; itemId: string; input: ItemRelistInput },
): Promise<Item> {
  const item = await findItemOr404(ctx, props.itemId);
  assertOwner(item, props.viewer);
  const availableUntil = resolveAvailableUntil(ctx, { value: props.input.availableUntil, item });
  const updated = await writeItemChange(
    ctx,
    'item.updated',
    { itemId: item._id, exists: { version: { $gt: item.version } } },
    () =>
      updateItemVersioned(ctx, { itemId: item._id, userId: item.userId }, () => ({
        availableUntil,
        expiredAt: null,
      })),
  );
  await syncItemDeadline(ctx, item, updated ?? null);
  // Relisting an expired item lists it anew: the city's alerts hear of it (once per alert, ever). Extending a
  // listed one is not news.
  if (item.expiredAt) await queueItemForAlerts(ctx, updated ?? null);
  return presentItemFor(ctx, { viewer: props.viewer, itemId: props.itemId });
}
