import type { ExchangeEventData } from '@nomadswap/contracts/exchanges';
import { upsertNewerVersion } from '@nomadswap/service-kit/projection';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import type { ItemExchangeRecord } from '../data/item-exchange';
import { updateItemAtVersion } from '../events/publish-item-events';
import { type Id, oid } from '../data/ids';

type ExchangeCore = Pick<ItemsCore, 'items' | 'exchanges' | 'bus' | 'now'>;

const OBJECT_ID = /^[a-f0-9]{24}$/i;
/** An item whose state keeps changing under us: the event fails and is delivered again. */
const MAX_ATTEMPTS = 10;

/**
 * An exchange moved (messaging's exchange.accepted / ended / completed, each with the exchange after the
 * transition): the exchange projection keeps its newest state, and the items it names follow it —
 *
 * - the requested item is reserved for the requester while an accepted exchange of its owner holds it, and free
 *   again once that exchange ended (another exchange's end never frees it);
 * - a completed exchange marks the requested item swapped if its owner is the exchange's owner, and each offered
 *   item if the requester owns it (never a third party's item), once: a redelivery after the owner made the item
 *   available again changes nothing.
 *
 * Idempotent, and insensitive to the order events arrive in: the reservation is derived from the projection.
 */
export async function applyExchangeEvent(core: ExchangeCore, exchange: ExchangeEventData): Promise<void> {
  const ids = [exchange.id, exchange.requesterId, exchange.ownerId, ...exchange.offeredItemIds];
  if (exchange.itemId) ids.push(exchange.itemId);
  if (!ids.every((id) => OBJECT_ID.test(id))) return;
  await upsertNewerVersion(core.exchanges, {
    id: exchange.id,
    version: exchange.version,
    set: {
      itemId: exchange.itemId ? oid(exchange.itemId) : null,
      requesterId: oid(exchange.requesterId),
      ownerId: oid(exchange.ownerId),
      offeredItemIds: exchange.offeredItemIds.map(oid),
      status: exchange.status,
      acceptedAt: exchange.acceptedAt ? new Date(exchange.acceptedAt) : null,
    },
  });
  const stored = await core.exchanges.findById(oid(exchange.id)).lean<ItemExchangeRecord>();
  if (!stored || stored.deleted) return;
  if (stored.status === 'completed' && !stored.swapApplied) {
    if (stored.itemId) await settleItem(core, { itemId: stored.itemId, swappedBy: stored.ownerId });
    for (const itemId of stored.offeredItemIds) {
      await settleItem(core, { itemId, swappedBy: stored.requesterId });
    }
    await core.exchanges.updateOne({ _id: stored._id }, { $set: { swapApplied: true } });
  } else if (stored.itemId) {
    await settleItem(core, { itemId: stored.itemId });
  }
}

interface Reservation {
  reservedFor: Id | null;
  reservedByExchangeId: Id | null;
}

/** The newest accepted exchange of the item's owner for it holds the item; none: it is free. */
async function reservationOf(
  core: Pick<ItemsCore, 'exchanges'>,
  item: Pick<ItemRecord, '_id' | 'userId'>,
): Promise<Reservation> {
  const holder = await core.exchanges
    .findOne({ itemId: item._id, status: 'accepted', ownerId: item.userId, deleted: false })
    .sort({ acceptedAt: -1, _id: -1 })
    .select({ requesterId: 1 })
    .lean<Pick<ItemExchangeRecord, '_id' | 'requesterId'>>();
  return { reservedFor: holder?.requesterId ?? null, reservedByExchangeId: holder?._id ?? null };
}

const sameId = (a: Id | null | undefined, b: Id | null) => (a && b ? a.equals(b) : !a && !b);

/**
 * Brings one item in line with the projection (its reservation) and, with `swappedBy`, marks it swapped when
 * that user owns it. Written only when something differs (one item.updated per change), with optimistic
 * concurrency; read again after each write, so of two handlers racing on one item the last one to finish
 * leaves the state the projection says.
 */
async function settleItem(core: ExchangeCore, props: { itemId: Id; swappedBy?: Id }): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const item = await core.items.findById(props.itemId).lean<ItemRecord>();
    if (!item) return;
    const reservation = await reservationOf(core, item);
    const swap = !!props.swappedBy && item.userId.equals(props.swappedBy) && !item.isSwapped;
    // A reserved item outlives its deadline while the exchange holds it; freed after it, it expires then.
    const now = core.now();
    const expire =
      !swap &&
      !reservation.reservedFor &&
      !item.isSwapped &&
      !item.expiredAt &&
      !!item.availableUntil &&
      item.availableUntil.getTime() <= now.getTime();
    if (
      !swap &&
      !expire &&
      sameId(item.reservedFor, reservation.reservedFor) &&
      sameId(item.reservedByExchangeId, reservation.reservedByExchangeId)
    ) {
      return;
    }
    await updateItemAtVersion(core, item, {
      ...reservation,
      ...(swap ? { isSwapped: true } : {}),
      ...(expire ? { expiredAt: now } : {}),
    });
  }
  throw new Error(`item ${props.itemId.toHexString()} kept changing; exchange event left for a retry`);
}
