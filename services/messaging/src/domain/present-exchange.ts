import type { Exchange, ExchangeEventData } from '@nomadswap/contracts/exchanges';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../data/chat-item';
import type { ExchangeRecord } from '../data/exchange';
import { loadChatUsers } from './chat-users';
import type { ProcessState } from './exchange-process';
import { hex, oid, op } from '../data/ids';
import { presentChatItem } from './list-conversations';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The exchange as the API shows it; rows of the one-click era get the defaults of their missing fields. */
export function presentExchange(record: ExchangeRecord): Exchange {
  const offered = record.offeredItemIds?.length
    ? record.offeredItemIds
    : record.offeredItemId
      ? [record.offeredItemId]
      : [];
  return {
    id: hex(record._id),
    requesterId: hex(record.requesterId),
    ownerId: hex(record.ownerId),
    itemId: record.itemId ? hex(record.itemId) : null,
    offeredItemId: offered[0] ? hex(offered[0]) : null,
    offeredItemIds: offered.map(hex),
    status: record.status,
    message: record.message,
    confirmedBy: (record.confirmedBy ?? []).map(hex),
    meetup: record.meetup
      ? {
          at: record.meetup.at.toISOString(),
          place: record.meetup.place,
          note: record.meetup.note,
          proposedBy: hex(record.meetup.proposedBy),
          proposedAt: record.meetup.proposedAt.toISOString(),
          agreed: record.meetup.agreed,
        }
      : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: (record.updatedAt ?? record.completedAt ?? record.createdAt).toISOString(),
    acceptedAt: iso(record.acceptedAt),
    completedAt: iso(record.completedAt),
    endedAt: iso(record.endedAt),
    endedBy: record.endedBy ? hex(record.endedBy) : null,
    endReason: record.endReason ?? null,
    noShowUserId: record.noShowUserId ? hex(record.noShowUserId) : null,
  };
}

/** The data of the exchange.* event announcing this state of the exchange. */
export function exchangeEventData(record: ExchangeRecord): ExchangeEventData {
  const exchange = presentExchange(record);
  return {
    id: exchange.id,
    requesterId: exchange.requesterId,
    ownerId: exchange.ownerId,
    itemId: exchange.itemId,
    offeredItemIds: exchange.offeredItemIds,
    status: exchange.status,
    acceptedAt: exchange.acceptedAt,
    completedAt: exchange.completedAt,
    endedAt: exchange.endedAt,
    noShowUserId: exchange.noShowUserId,
    version: record.version ?? 0,
  };
}

/** What the transition table reads of a stored exchange. */
export function processState(record: ExchangeRecord): ProcessState {
  return {
    status: record.status,
    requesterId: hex(record.requesterId),
    ownerId: hex(record.ownerId),
    confirmedBy: (record.confirmedBy ?? []).map(hex),
    firstConfirmedAt: record.firstConfirmedAt ?? null,
    createdAt: record.createdAt,
    endReason: record.endReason ?? null,
    meetup: record.meetup
      ? { at: record.meetup.at, proposedBy: hex(record.meetup.proposedBy), agreed: record.meetup.agreed }
      : null,
  };
}

/**
 * Exchanges with both parties' summaries, the items involved and whether the requested item is reserved (by
 * any accepted exchange: the other requesters' cards say so). Three reads whatever the number of rows.
 */
export async function presentExchangeViews(
  ctx: Pick<MessagingContext, 'users' | 'items' | 'exchanges'>,
  records: readonly ExchangeRecord[],
): Promise<ExchangeView[]> {
  const exchanges = records.map(presentExchange);
  const itemIds = [
    ...new Set(
      exchanges.flatMap((exchange) => [exchange.itemId, ...exchange.offeredItemIds]).filter(Boolean),
    ),
  ] as string[];
  const requested = [...new Set(exchanges.map((exchange) => exchange.itemId).filter(Boolean))] as string[];
  const [users, items, reserved] = await Promise.all([
    loadChatUsers(
      ctx,
      exchanges.flatMap((exchange) => [exchange.requesterId, exchange.ownerId]),
    ),
    itemIds.length
      ? ctx.items.find({ _id: op({ $in: itemIds.map(oid) }) }).lean<ChatItemRecord[]>()
      : Promise.resolve([]),
    requested.length
      ? ctx.exchanges
          .find({ reservedKey: op({ $in: requested }) }, { reservedKey: 1 })
          .lean<Pick<ExchangeRecord, 'reservedKey'>[]>()
      : Promise.resolve([]),
  ]);
  const itemById = new Map(items.map((record) => [hex(record._id), presentChatItem(record)]));
  const reservedItems = new Set(reserved.map((row) => row.reservedKey));
  return exchanges.map((exchange) => ({
    ...exchange,
    requester: users.get(exchange.requesterId) ?? null,
    owner: users.get(exchange.ownerId) ?? null,
    item: exchange.itemId ? (itemById.get(exchange.itemId) ?? null) : null,
    offeredItems: exchange.offeredItemIds.flatMap((id) => itemById.get(id) ?? []),
    itemReserved: exchange.itemId !== null && reservedItems.has(exchange.itemId),
  }));
}
