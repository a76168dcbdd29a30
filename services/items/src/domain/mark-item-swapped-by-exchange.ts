import { Types } from 'mongoose';
import type { EventData } from '@nomadswap/contracts/events';
import type { ItemsCore } from '../context';
import { writeItemChange } from '../events/publish-item-events';
import { updateItemVersioned } from './update-item-versioned';

/**
 * A completed exchange that names an item marks it swapped, as the owner's checkbox would — but only when the
 * item belongs to one of the two parties (an exchange cannot touch a stranger's listing). Idempotent: a
 * redelivered event finds the item swapped already and changes nothing.
 */
export async function markItemSwappedByExchange(
  core: ItemsCore,
  exchange: EventData<'exchange.completed'>,
): Promise<void> {
  if (!exchange.itemId || !Types.ObjectId.isValid(exchange.itemId)) return;
  const item = await core.items.findById(exchange.itemId).lean();
  if (!item || item.isSwapped) return;
  const owner = item.userId.toHexString();
  if (owner !== exchange.requesterId && owner !== exchange.ownerId) return;
  await writeItemChange(core, 'item.updated', { itemId: item._id, exists: { isSwapped: true } }, () =>
    updateItemVersioned(core, { itemId: item._id }, () => ({ isSwapped: true })),
  );
}
