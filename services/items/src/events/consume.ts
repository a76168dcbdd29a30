import type { EventBus } from '@nomadswap/service-kit/events';
import type { ItemsCore } from '../context';
import { applyUserSnapshot, deleteUserData } from '../domain/apply-user-events';
import { markItemSwappedByExchange } from '../domain/mark-item-swapped-by-exchange';

/**
 * What items learns from auth: the owner summaries shown on cards (name, avatar, rating…), and deletions, which
 * cascade to the user's items, photos and favourites; from messaging: a completed swap that names an item. Every handler is idempotent.
 */
export function consumeItemsEvents(bus: EventBus, core: ItemsCore): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(core, event.data))
    .on('user.updated', (event) => applyUserSnapshot(core, event.data))
    .on('user.approved', (event) => applyUserSnapshot(core, event.data))
    .on('user.deleted', (event) => deleteUserData(core, { userId: event.data.id }))
    .on('exchange.completed', (event) => markItemSwappedByExchange(core, event.data));
}
