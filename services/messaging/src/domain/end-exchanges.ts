import { OPEN_EXCHANGE_STATUSES } from '@nomadswap/contracts/exchanges';
import type { MessagingContext } from '../context';
import type { ExchangeRecord } from '../data/exchange';
import { actOnExchange } from './act-on-exchange';
import { hex, oid, op } from '../data/ids';

async function endAll(
  ctx: MessagingContext,
  filter: Record<string, unknown>,
  action: 'end_by_block' | 'decline',
  reason: string,
): Promise<number> {
  const open = await ctx.exchanges.find(filter).lean<ExchangeRecord[]>();
  for (const record of open) {
    await actOnExchange(ctx, {
      exchangeId: hex(record._id),
      action,
      caller: { system: true },
      input: { reason },
    });
  }
  return open.length;
}

/**
 * The two can no longer deal with each other (a block either way): every open exchange between them ends as
 * `cancelled` (`blocked`), releasing a reserved item.
 */
export function endExchangesBetween(ctx: MessagingContext, a: string, b: string): Promise<number> {
  return endAll(
    ctx,
    {
      status: op({ $in: [...OPEN_EXCHANGE_STATUSES] }),
      $or: [
        { requesterId: oid(a), ownerId: oid(b) },
        { requesterId: oid(b), ownerId: oid(a) },
      ],
    },
    'end_by_block',
    'blocked',
  );
}

/** A deleted account's open exchanges end (`cancelled`, `user_deleted`): nobody waits on them, items are released. */
export function endExchangesOf(ctx: MessagingContext, userId: string): Promise<number> {
  return endAll(
    ctx,
    {
      status: op({ $in: [...OPEN_EXCHANGE_STATUSES] }),
      $or: [{ requesterId: oid(userId) }, { ownerId: oid(userId) }],
    },
    'end_by_block',
    'user_deleted',
  );
}

/** An item deleted or marked swapped by its owner: the requests still waiting for it are declined (`item_unavailable`). */
export function declineRequestsFor(ctx: MessagingContext, itemId: string): Promise<number> {
  return endAll(ctx, { itemId: oid(itemId), status: 'proposed' }, 'decline', 'item_unavailable');
}
