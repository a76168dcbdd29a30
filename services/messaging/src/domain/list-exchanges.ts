import type { ExchangeQuery } from '@nomadswap/contracts/messaging';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { ExchangeRecord } from '../db/exchange';
import { loadChatUsers } from './chat-users';
import { presentExchange } from './complete-exchange';
import { hex, oid } from './ids';
import type { Viewer } from './viewer';

export const EXCHANGE_LIST_LIMIT = 200;

/** The caller's exchanges (as requester or owner), newest first; `userId` narrows to those with that person. */
export async function listExchanges(
  ctx: Pick<MessagingContext, 'exchanges' | 'users'>,
  props: { viewer: Viewer; query: ExchangeQuery },
): Promise<ExchangeView[]> {
  const me = oid(props.viewer.id);
  const other = props.query.userId ? oid(props.query.userId) : undefined;
  const filter = other
    ? {
        $or: [
          { requesterId: me, ownerId: other },
          { requesterId: other, ownerId: me },
        ],
      }
    : { $or: [{ requesterId: me }, { ownerId: me }] };
  const records = await ctx.exchanges
    .find(filter)
    .sort({ completedAt: -1, _id: -1 })
    .limit(EXCHANGE_LIST_LIMIT)
    .lean<ExchangeRecord[]>();
  const users = await loadChatUsers(
    ctx,
    records.flatMap((record) => [hex(record.requesterId), hex(record.ownerId)]),
  );
  return records.map((record) => ({
    ...presentExchange(record),
    requester: users.get(hex(record.requesterId)) ?? null,
    owner: users.get(hex(record.ownerId)) ?? null,
  }));
}
