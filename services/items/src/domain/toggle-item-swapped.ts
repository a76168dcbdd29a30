import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsContext } from '../context';
import { writeItemChange } from '../events/publish-item-events';
import { assertOwner, findItemOr404 } from './find-item';
import { presentItemFor } from './get-item';
import type { Viewer } from './item-views';
import { updateItemVersioned } from './update-item-versioned';
import { syncItemDeadline } from './item-deadlines';

/**
 * The owner marks their item swapped, or available again (spec section 4). A swapped item leaves everyone
 * else's browse lists but stays in the owner's own list.
 */
export async function toggleItemSwapped(
  core: ItemsContext,
  props: { viewer: Viewer; itemId: string },
): Promise<Item> {
  const item = await findItemOr404(core, props.itemId);
  assertOwner(item, props.viewer);
  // Swapped: its expiry goes; available again: it comes back (at once when the deadline has passed).
  const updated = await writeItemChange(
    core,
    'item.updated',
    { itemId: item._id, exists: { version: { $gt: item.version } } },
    () =>
      updateItemVersioned(core, { itemId: item._id, userId: item.userId }, (latest) => ({
        isSwapped: !latest.isSwapped,
      })),
  );
  await syncItemDeadline(core, item, updated ?? null);
  return presentItemFor(core, props);
}
