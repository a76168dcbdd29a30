import type { EventBus } from '@nomadswap/service-kit/events';
import type { MessagingContext } from '../context';
import { applyItemDeleted, applyItemSnapshot } from '../domain/apply-item-events';
import { applyUserDeleted, applyUserSnapshot } from '../domain/apply-user-events';
import { declineRequestsFor, endExchangesOf } from '../domain/end-exchanges';

/**
 * What messaging learns from others: user summaries (names, avatars, approval, deletion) from auth and item
 * context (title, photo, owner, swapped) from items; a deleted account ends its open exchanges, an item deleted or
 * swapped declines the requests still waiting for it. Every handler is idempotent.
 */
export function consumeMessagingEvents(bus: EventBus, ctx: MessagingContext): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.updated', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.approved', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.deleted', async (event) => {
      await applyUserDeleted(ctx, { userId: event.data.id });
      await endExchangesOf(ctx, event.data.id);
    })
    .on('item.created', (event) => applyItemSnapshot(ctx, event.data))
    .on('item.updated', async (event) => {
      await applyItemSnapshot(ctx, event.data);
      if (event.data.isSwapped) await declineRequestsFor(ctx, event.data.id);
    })
    .on('item.deleted', async (event) => {
      await applyItemDeleted(ctx, { itemId: event.data.id, userId: event.data.userId });
      await declineRequestsFor(ctx, event.data.id);
    });
}
