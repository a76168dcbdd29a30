import type { EventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';
import { isObjectId, oid } from '../data/ids';

/**
 * A swap completed (exchange.completed, sent once both parties confirmed): both may now review each other for
 * it. An event whose exchange is not completed opens nothing. Idempotent.
 */
export async function recordCompletedExchange(
  ctx: Pick<ModerationContext, 'exchanges'>,
  exchange: EventData<'exchange.completed'>,
): Promise<void> {
  if (exchange.status !== 'completed' || !exchange.completedAt) return;
  if (![exchange.id, exchange.requesterId, exchange.ownerId].every(isObjectId)) return;
  if (exchange.itemId && !isObjectId(exchange.itemId)) return;
  await ctx.exchanges.updateOne(
    { _id: oid(exchange.id) },
    {
      $setOnInsert: {
        requesterId: oid(exchange.requesterId),
        ownerId: oid(exchange.ownerId),
        itemId: exchange.itemId ? oid(exchange.itemId) : null,
        completedAt: new Date(exchange.completedAt),
      },
    },
    { upsert: true },
  );
}
