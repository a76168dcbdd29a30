import type { EventBus } from '@nomadswap/service-kit/events';
import type { ItemsCore } from '../context';
import { applyExchangeEvent } from '../domain/apply-exchange-events';
import {
  applyNotificationSettings,
  applySanction,
  applyUserSnapshot,
  deleteUserData,
} from '../domain/apply-user-events';
import { HIDDEN_FOR_GOOD } from '../data/item';

/**
 * What items learns from auth: the owner summaries shown on cards (name, avatar, rating…), and deletions, which
 * cascade to the user's items, photos and favourites, and suspensions, which hide their items; from messaging: exchanges that reserve an item, free it
 * or swap it, and the users' e-mail switches (reminders, alert digests). Every handler is idempotent.
 */
export function consumeItemsEvents(bus: EventBus, core: ItemsCore): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(core, event.data))
    .on('user.updated', (event) => applyUserSnapshot(core, event.data))
    .on('user.approved', (event) => applyUserSnapshot(core, event.data))
    .on('user.deleted', (event) => deleteUserData(core, { userId: event.data.id }))
    .on('user.sanctioned', async ({ data }) => {
      if (data.type === 'warn') return;
      const hiddenUntil =
        data.type === 'suspend' ? (data.endsAt ? new Date(data.endsAt) : HIDDEN_FOR_GOOD) : null;
      await applySanction(core, { userId: data.userId, hiddenUntil });
    })
    .on('user.sanction-lifted', ({ data }) => applySanction(core, { userId: data.userId, hiddenUntil: null }))
    .on('messaging.settings-updated', (event) => applyNotificationSettings(core, event.data))
    .on('exchange.accepted', (event) => applyExchangeEvent(core, event.data))
    .on('exchange.ended', (event) => applyExchangeEvent(core, event.data))
    .on('exchange.completed', (event) => applyExchangeEvent(core, event.data));
}
