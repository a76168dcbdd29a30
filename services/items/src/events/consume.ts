import type { EventBus } from '@nomadswap/service-kit/events';
import type { ItemsCore } from '../context';
import { applyExchangeEvent } from '../domain/apply-exchange-events';
import { applyUserSnapshot, deleteUserData } from '../domain/apply-user-events';

/**
 * What items learns from auth: the owner summaries shown on cards (name, avatar, rating…), and deletions, which
 * cascade to the user's items, photos and favourites; from messaging: exchanges that reserve an item, free it
 * or swap it. Every handler is idempotent.
 */
export function consumeItemsEvents(bus: EventBus, core: ItemsCore): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(core, event.data))
    .on('user.updated', (event) => applyUserSnapshot(core, event.data))
    .on('user.approved', (event) => applyUserSnapshot(core, event.data))
    .on('user.deleted', (event) => deleteUserData(core, { userId: event.data.id }))
    .on('exchange.accepted', (event) => applyExchangeEvent(core, event.data))
    .on('exchange.ended', (event) => applyExchangeEvent(core, event.data))
    .on('exchange.completed', (event) => applyExchangeEvent(core, event.data));
}
