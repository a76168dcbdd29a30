import type { EventData } from '@nomadswap/contracts/events';
import type { ModerationContext } from '../context';
import { oid } from './ids';

/** A swap completed (exchange.completed): both parties may now review each other for it. Idempotent. */
export async function recordCompletedExchange(
  ctx: Pick<ModerationContext, 'exchanges'>,
  exchange: EventData<'exchange.completed'>,
): Promise<void> {
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
