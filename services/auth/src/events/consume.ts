import type { EventBus } from '@nomadswap/service-kit/events';
import type { AuthCore } from '../context';
import { applyReviewCreated, applyReviewDeleted } from '../domain/apply-review-events';
import { recordExchangeOutcome } from '../domain/record-exchange-outcome';

/**
 * What auth learns from the other services: how exchanges ended (completed, arranged swaps and no-shows) from
 * messaging, revealed reviews (rating and review count) from moderation. Every handler is idempotent per event id.
 */
export function consumeAuthEvents(bus: EventBus, core: AuthCore): void {
  bus
    .on('exchange.completed', (event) => recordExchangeOutcome(core, event.data))
    .on('exchange.ended', (event) => recordExchangeOutcome(core, event.data))
    .on('review.created', (event) => applyReviewCreated(core, event.data))
    .on('review.deleted', (event) => applyReviewDeleted(core, event.data));
}
