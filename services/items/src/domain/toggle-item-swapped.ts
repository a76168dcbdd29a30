import type { Item } from '@nomadswap/contracts/responses';
import type { ItemsCore } from '../context';
import { writeItemChange } from '../events/publish-item-events';
import { assertOwner, findItemOr404 } from './find-item';
import { presentItemFor } from './get-item';
import type { Viewer } from './item-views';
import { updateItemVersioned } from './update-item-versioned';

/**
 * The owner marks their item swapped, or available again (spec section 4). A swapped item leaves everyone
 * else's browse lists but stays in the owner's own list.
 */
export async function toggleItemSwapped(
  core: ItemsCore,
  props: { viewer: Viewer; itemId: string },
): Promise<Item> {
  const item = await findItemOr404(core, props.itemId);
  assertOwner(item, props.viewer);
  await writeItemChange(
    core,
    'item.updated',
    { itemId: item._id, exists: { version: { $gt: item.version } } },
    () =>
      updateItemVersioned(core, { itemId: item._id, userId: item.userId }, (latest) => ({
        isSwapped: !latest.isSwapped,
      })),
  );
  return presentItemFor(core, props);
}
