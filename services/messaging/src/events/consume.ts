import type { EventBus } from '@nomadswap/service-kit/events';
import type { MessagingContext } from '../context';
import { applyItemDeleted, applyItemSnapshot } from '../domain/apply-item-events';
import { applyUserDeleted, applyUserSnapshot } from '../domain/apply-user-events';

/**
 * What messaging learns from others: user summaries (names, avatars, approval, deletion) from auth and item
 * context (title, photo, owner, swapped) from items. Every handler is idempotent.
 */
export function consumeMessagingEvents(bus: EventBus, ctx: MessagingContext): void {
  bus
    .on('user.registered', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.updated', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.approved', (event) => applyUserSnapshot(ctx, event.data))
    .on('user.deleted', (event) => applyUserDeleted(ctx, { userId: event.data.id }))
    .on('item.created', (event) => applyItemSnapshot(ctx, event.data))
    .on('item.updated', (event) => applyItemSnapshot(ctx, event.data))
    .on('item.deleted', (event) =>
      applyItemDeleted(ctx, { itemId: event.data.id, userId: event.data.userId }),
    );
}
