import type { EventBus } from '@nomadswap/service-kit/events';
import { toItemEventData, type ItemViewSource } from '../domain/item-views';

/** Publishes an item's current state (with its version) after the database write that changed it. */
export async function publishItemChange(
  bus: EventBus,
  type: 'item.created' | 'item.updated',
  item: ItemViewSource,
): Promise<void> {
  await bus.publish(type, toItemEventData(item));
}

/** Tells messaging and moderation the item is gone. */
export async function publishItemDeleted(
  bus: EventBus,
  item: Pick<ItemViewSource, '_id' | 'userId'>,
): Promise<void> {
  await bus.publish('item.deleted', { id: item._id.toHexString(), userId: item.userId.toHexString() });
}
