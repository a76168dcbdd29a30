import { MSG } from '@nomadswap/contracts/messages';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { type Id } from '../data/ids';

const MAX_ATTEMPTS = 10;

/**
 * Applies `change` (computed from the latest stored item) with optimistic concurrency: the write succeeds only
 * if nobody (another request, the image worker) changed the item since it was read; otherwise it is recomputed
 * from the newer version. Bumps `version` (the model invalidates cached listings). 404 'Item not found' once the item is gone.
 */
export async function updateItemVersioned(
  core: Pick<ItemsCore, 'items'>,
  target: { itemId: Id; userId?: Id },
  change: (item: ItemRecord) => Partial<ItemRecord>,
): Promise<ItemRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const item = await core.items.findById(target.itemId).lean<ItemRecord>();
    if (!item || (target.userId && !item.userId.equals(target.userId))) {
      throw new NotFoundError(MSG.itemNotFound);
    }
    const updated = await core.items
      .findOneAndUpdate(
        { _id: item._id, version: item.version },
        { $set: change(item), $inc: { version: 1 } },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<ItemRecord>();
    if (updated) return updated;
  }
  throw new Error(`item ${target.itemId.toHexString()} kept changing; update abandoned`);
}
