import type { ExchangeQuery } from '@nomadswap/contracts/exchanges';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { ExchangeRecord } from '../data/exchange';
import { loadVisibleExchange } from './act-on-exchange';
import { oid } from '../data/ids';
import { presentExchangeViews } from './present-exchange';
import type { Viewer } from './viewer';

export const EXCHANGE_LIST_LIMIT = 200;

/** The caller's exchanges (as requester or owner), most recently changed first; each filter narrows. */
export async function listExchanges(
  ctx: Pick<MessagingContext, 'exchanges' | 'users' | 'items'>,
  props: { viewer: Viewer; query: ExchangeQuery },
): Promise<ExchangeView[]> {
  const me = oid(props.viewer.id);
  const { userId, itemId, status } = props.query;
  const other = userId ? oid(userId) : undefined;
  const filter: Record<string, unknown> = other
    ? {
        $or: [
          { requesterId: me, ownerId: other },
          { requesterId: other, ownerId: me },
        ],
      }
    : { $or: [{ requesterId: me }, { ownerId: me }] };
  if (itemId) filter.itemId = oid(itemId);
  if (status) filter.status = status;
  const records = await ctx.exchanges
    .find(filter)
    .sort({ updatedAt: -1, _id: -1 })
    .limit(EXCHANGE_LIST_LIMIT)
    .lean<ExchangeRecord[]>();
  return presentExchangeViews(ctx, records);
}

/** One exchange, for its two parties and admins (anyone else: 404). */
export async function getExchange(
  ctx: Pick<MessagingContext, 'exchanges' | 'users' | 'items'>,
  props: { viewer: Viewer; exchangeId: string },
): Promise<ExchangeView> {
  const record = await loadVisibleExchange(ctx, props.exchangeId, props.viewer);
  return (await presentExchangeViews(ctx, [record]))[0]!;
}
