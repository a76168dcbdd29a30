import type { EventBus, StagedEvent } from '@nomadswap/service-kit/events';
import type { StagedEvents } from '@nomadswap/service-kit/outbox';
import type { ItemsCore } from '../context';
import { toItemEventData, type ItemViewSource } from '../domain/item-views';

/** Publishes an item's current state (with its version) after the database write that changed it. */
export async function publishItemChange(
  bus: EventBus,
  type: 'item.created' | 'item.updated',
  item: ItemViewSource,
): Promise<void> {
  await bus.publish(type, toItemEventData(item));
}

/**
 * Before the item is deleted: stores item.deleted (and `withEvents`) in the outbox; confirm after the deletion,
 * cancel when nothing was deleted. It tells messaging and moderation the item is gone.
 */
export function stageItemDeleted(
  core: Pick<ItemsCore, 'bus' | 'items'>,
  item: Pick<ItemViewSource, '_id' | 'userId'>,
  withEvents: StagedEvent[] = [],
): Promise<StagedEvents> {
  return core.bus.stage({ collection: core.items.collection.collectionName, id: item._id }, [
    { type: 'item.deleted', data: { id: item._id.toHexString(), userId: item.userId.toHexString() } },
    ...withEvents,
  ]);
}
