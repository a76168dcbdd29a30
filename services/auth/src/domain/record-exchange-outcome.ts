import { ENDED_EXCHANGE_STATUSES, type ExchangeEventData } from '@nomadswap/contracts/exchanges';
import type { AuthCore } from '../context';
import { isId, toId } from '../data/ids';
import type { SwapCounter } from '../data/users';
import { writeUserChange } from '../events/publish-user-events';

/** What one exchange's outcome adds to one of its parties' counters (issue 20, "Reviews and reliability"). */
function countsFor(exchange: ExchangeEventData, userId: string): Partial<Record<SwapCounter, number>> {
  if (exchange.status === 'completed') {
    // Completed means accepted by both (old events carry no acceptedAt; they were completed swaps all the same).
    return { completedSwaps: 1, arrangedSwaps: 1 };
  }
  if (!(ENDED_EXCHANGE_STATUSES as readonly string[]).includes(exchange.status)) return {};
  return {
    ...(exchange.acceptedAt ? { arrangedSwaps: 1 } : {}),
    ...(exchange.status === 'no_show' && exchange.noShowUserId === userId ? { noShows: 1 } : {}),
  };
}

/**
 * An exchange reached its end (exchange.completed / exchange.ended; one such event per exchange): each party's
 * profile counts it — a completed swap and an arranged one for both on completion; an arranged swap for both
 * when an accepted exchange ended without a swap, and a no-show for the party who did not come. The exchange id
 * is remembered on each user in the same atomic update, so a redelivered event changes nothing. Events of an
 * exchange that is still open count nothing.
 */
export async function recordExchangeOutcome(core: AuthCore, exchange: ExchangeEventData): Promise<void> {
  const userIds = [...new Set([exchange.requesterId, exchange.ownerId])].filter(isId);
  for (const userId of userIds) {
    const counts = countsFor(exchange, userId);
    if (Object.keys(counts).length === 0) continue;
    await writeUserChange(core, 'user.updated', { userId, exists: { appliedExchangeIds: exchange.id } }, () =>
      core.users.countExchange(toId(userId), exchange.id, counts),
    );
  }
}
