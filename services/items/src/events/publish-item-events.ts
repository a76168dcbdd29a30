import {
  writeWithEvent,
  type EventBus,
  type PendingEvent,
  type StagedEvent,
} from '@nomadswap/service-kit/events';
import type { OutboxGuard, StagedEvents } from '@nomadswap/service-kit/outbox';
import type { ItemModel, ItemRecord } from '../data/item';
import type { Id } from '../data/ids';
import { toItemEventData, type ItemViewSource } from '../domain/item-views';

/** What publishing an item's change needs: the bus and the items' model (for its collection's name). */
export interface ItemWriter {
  bus: EventBus;
  items: ItemModel;
}

export type ItemChangeEvent = 'item.created' | 'item.updated';

/**
 * How the outbox relay rebuilds an item event whose process died between the write and the publish: the item's
 * state as it is then (with its version). Registered by every items process (API and worker) in createItemsCore.
 */
export function registerItemEventBuilders(bus: EventBus): void {
  const snapshot = (doc: Record<string, unknown>) => toItemEventData(doc as unknown as ItemViewSource);
  bus.buildFrom('item.created', snapshot).buildFrom('item.updated', snapshot);
}

function itemGuard(
  core: Pick<ItemWriter, 'items'>,
  itemId: Id,
  exists: Record<string, unknown>,
): OutboxGuard {
  return { collection: core.items.collection.collectionName, id: itemId, exists };
}

/**
 * Writes an item and publishes its state after it, durably: the event's intent is stored before `write` (kit
 * writeWithEvent), so a process killed in between still announces the change. `exists`: what the item matches
 * once the write is done (`{}` for a creation with an id made beforehand, `{ version: { $gt: read } }`…).
 */
export function writeItemChange<R extends ItemViewSource>(
  core: ItemWriter,
  type: ItemChangeEvent,
  target: { itemId: Id; exists: Record<string, unknown> },
  write: () => Promise<R | null | undefined>,
): Promise<R | null | undefined> {
  return writeWithEvent(
    core.bus,
    type,
    itemGuard(core, target.itemId, target.exists),
    write,
    toItemEventData,
  );
}

/**
 * Sets `set` on the item only if it is still at the version that was read, bumps the version and announces the
 * result (writeItemChange). Null when another write came first: the caller reads the item again and decides anew.
 */
export function updateItemAtVersion(
  core: ItemWriter,
  read: Pick<ItemRecord, '_id' | 'version'>,
  set: Partial<ItemRecord>,
): Promise<ItemRecord | null | undefined> {
  return writeItemChange(
    core,
    'item.updated',
    { itemId: read._id, exists: { version: { $gt: read.version } } },
    () =>
      core.items
        .findOneAndUpdate(
          { _id: read._id, version: read.version },
          { $set: set, $inc: { version: 1 } },
          { returnDocument: 'after' },
        )
        .lean<ItemRecord>(),
  );
}

/** The intent of an item event, for a write whose publish runs beside other work (see writeItemChange). */
export function intendItemChange(
  core: ItemWriter,
  type: ItemChangeEvent,
  target: { itemId: Id; exists: Record<string, unknown> },
): Promise<PendingEvent<ItemChangeEvent>> {
  return core.bus.intend(type, itemGuard(core, target.itemId, target.exists));
}

/**
 * Before the item is deleted: stores item.deleted (and `withEvents`) in the outbox; confirm after the deletion,
 * cancel when nothing was deleted. It tells messaging and moderation the item is gone.
 */
export function stageItemDeleted(
  core: ItemWriter,
  item: Pick<ItemViewSource, '_id' | 'userId'>,
  withEvents: StagedEvent[] = [],
): Promise<StagedEvents> {
  return core.bus.stage({ collection: core.items.collection.collectionName, id: item._id }, [
    { type: 'item.deleted', data: { id: item._id.toHexString(), userId: item.userId.toHexString() } },
    ...withEvents,
  ]);
}
