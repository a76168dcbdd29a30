import type { EventBus } from '@nomadswap/service-kit/events';
import type { AuthCore } from '../context';
import { applyReviewCreated, applyReviewDeleted } from '../domain/apply-review-events';
import { recordCompletedExchange } from '../domain/record-completed-exchange';

/**
 * What auth learns from the other services: completed exchanges (completed-swap counts) from messaging,
 * reviews (rating and review count) from moderation. Every handler is idempotent per event id.
 */
export function consumeAuthEvents(bus: EventBus, core: AuthCore): void {
  bus
    .on('exchange.completed', (event) => recordCompletedExchange(core, event.data))
    .on('review.created', (event) => applyReviewCreated(core, event.data))
    .on('review.deleted', (event) => applyReviewDeleted(core, event.data));
}
