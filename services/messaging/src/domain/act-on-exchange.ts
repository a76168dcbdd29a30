import type { ExchangeAction, ExchangeMeetupInput, ExchangeStatus } from '@nomadswap/contracts/exchanges';
import { cancelUnlessWritten } from '@nomadswap/service-kit/events';
import { ENDED_EXCHANGE_STATUSES, EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import type { EventType } from '@nomadswap/contracts/events';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  isDuplicateKey,
  NotFoundError,
  ValidationError,
} from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../data/chat-item';
import type { ExchangeRecord } from '../data/exchange';
import { decide, isRefusal, roleOf, type Actor } from './exchange-process';
import { syncExchangeTimers } from './exchange-timers';
import { hex, oid, op } from '../data/ids';
import { exchangeEventData, presentExchangeViews, processState } from './present-exchange';
import type { Viewer } from './viewer';

export type ExchangeCaller = { viewer: Viewer } | { system: true };

export interface ExchangeActionInput {
  meetup?: ExchangeMeetupInput;
  reason?: string;
}

const ENDED = new Set<ExchangeStatus>(ENDED_EXCHANGE_STATUSES);
const MAX_ATTEMPTS = 5;

/** The exchange a participant (or an admin, for reading) may see; anyone else gets 404, as if it did not exist. */
export async function loadVisibleExchange(
  ctx: Pick<MessagingContext, 'exchanges'>,
  exchangeId: string,
  viewer: Viewer,
): Promise<ExchangeRecord> {
  const record = await ctx.exchanges.findById(oid(exchangeId)).lean<ExchangeRecord>();
  const party = record && roleOf(processState(record), viewer.id);
  if (!record || (!party && viewer.role !== 'admin')) {
    throw new NotFoundError(MSG.exchangeNotFound, { code: 'EXCHANGE_NOT_FOUND' });
  }
  return record;
}

function assertMeetupTime(at: Date, now: Date): void {
  const refuse = (message: string) =>
    new ValidationError(message, { code: 'INVALID_MEETUP', details: [{ field: 'at', message }] });
  if (at.getTime() <= now.getTime()) throw refuse(MSG.meetupTimePast);
  if (at.getTime() > now.getTime() + EXCHANGE_LIMITS.meetupMaxAheadMs) throw refuse(MSG.meetupTimeTooFar);
}

interface Change {
  set: Record<string, unknown>;
  unset: string[];
  /** The record as it will be once written (events are staged from it before the write). */
  after: ExchangeRecord;
}

/** The fields a move writes, for the action that makes it. */
function changeFor(props: {
  record: ExchangeRecord;
  action: ExchangeAction;
  to: ExchangeStatus;
  actor: Actor;
  input: ExchangeActionInput;
  now: Date;
}): Change {
  const { record, action, to, actor, input, now } = props;
  const actorId = actor.kind === 'system' ? null : oid(actor.userId);
  const set: Record<string, unknown> = { status: to, updatedAt: now, version: (record.version ?? 0) + 1 };
  const unset: string[] = [];
  const after: ExchangeRecord = { ...record, status: to, updatedAt: now, version: (record.version ?? 0) + 1 };
  const assign = (field: keyof ExchangeRecord, value: unknown) => {
    set[field] = value;
    (after as unknown as Record<string, unknown>)[field] = value;
  };
  if (action === 'accept') {
    assign('acceptedAt', now);
    if (record.itemId) assign('reservedKey', hex(record.itemId));
  }
  if (action === 'propose_meetup' && input.meetup && actorId) {
    assign('meetup', {
      at: new Date(input.meetup.at),
      place: input.meetup.place,
      note: input.meetup.note || null,
      proposedBy: actorId,
      proposedAt: now,
      agreed: false,
    });
  }
  if (action === 'accept_meetup' && record.meetup) assign('meetup', { ...record.meetup, agreed: true });
  if (action === 'confirm' && actorId) {
    const confirmed = record.confirmedBy ?? [];
    if (!confirmed.some((id) => id.equals(actorId))) assign('confirmedBy', [...confirmed, actorId]);
    if (!record.firstConfirmedAt) assign('firstConfirmedAt', now);
    if (record.status === 'proposed') assign('acceptedAt', now);
  }
  if (to === 'completed') assign('completedAt', now);
  if (ENDED.has(to) || to === 'completed') {
    unset.push('openKey', 'reservedKey');
    delete after.openKey;
    delete after.reservedKey;
  }
  if (ENDED.has(to)) {
    assign('endedAt', now);
    assign('endedBy', actorId);
    // The canceller's words; the system says why it ended things (blocked, user_deleted, item_unavailable).
    const reason =
      action === 'dispute'
        ? 'did_not_happen'
        : action === 'cancel' || actor.kind === 'system'
          ? (input.reason ?? null)
          : null;
    assign('endReason', reason);
    if (action === 'no_show' && actorId) {
      assign('noShowUserId', actorId.equals(record.requesterId) ? record.ownerId : record.requesterId);
    }
  }
  return { set, unset, after };
}

function eventTypeOf(from: ExchangeStatus, to: ExchangeStatus): EventType | null {
  if (to === 'completed') return 'exchange.completed';
  if (ENDED.has(to)) return 'exchange.ended';
  if (from === 'proposed' && to === 'accepted') return 'exchange.accepted';
  return null;
}

function sameMeetup(record: ExchangeRecord, actor: Actor, meetup: ExchangeMeetupInput | undefined): boolean {
  return (
    !!record.meetup &&
    !!meetup &&
    actor.kind !== 'system' &&
    hex(record.meetup.proposedBy) === actor.userId &&
    record.meetup.at.getTime() === new Date(meetup.at).getTime() &&
    record.meetup.place === meetup.place &&
    (record.meetup.note ?? '') === (meetup.note ?? '')
  );
}

/** The requested item must still be there to be reserved. */
async function assertItemAvailable(ctx: MessagingContext, record: ExchangeRecord): Promise<void> {
  if (!record.itemId) return;
  const item = await ctx.items.findById(record.itemId).lean<ChatItemRecord>();
  if (!item || item.deleted || item.isSwapped) {
    throw new ConflictError(MSG.exchangeItemUnavailable, { code: 'ITEM_UNAVAILABLE' });
  }
}

/**
 * Tells the other open requesters of an item, live, that it became reserved for someone else or free again; when
 * the item was swapped, their proposals are declined by the system (`item_unavailable`).
 */
async function followUpOtherRequests(
  ctx: MessagingContext,
  before: ExchangeRecord,
  after: ExchangeRecord,
): Promise<void> {
  if (!after.itemId) return;
  const reservedNow = after.status === 'accepted' && before.status !== 'accepted';
  const released = before.status === 'accepted' && ENDED.has(after.status);
  const swapped = after.status === 'completed';
  if (!reservedNow && !released && !swapped) return;
  const others = await ctx.exchanges
    .find({ itemId: after.itemId, status: 'proposed', _id: op({ $ne: after._id }) })
    .lean<ExchangeRecord[]>();
  if (others.length === 0) return;
  const itemId = hex(after.itemId);
  if (swapped) {
    for (const other of others) {
      await actOnExchange(ctx, {
        exchangeId: hex(other._id),
        action: 'decline',
        caller: { system: true },
        input: { reason: 'item_unavailable' },
      }).catch((error: unknown) =>
        ctx.logger.warn({ err: error, exchangeId: hex(other._id) }, 'could not close a request'),
      );
    }
    return;
  }
  ctx.live.emit(
    others.map((other) => hex(other.requesterId)),
    'exchange:item-reserved',
    { itemId, reserved: reservedNow },
  );
}

/**
 * Takes `action` on an exchange for a participant (or the system's timers and rules): the transition table
 * decides; the write is guarded by the version read, so of two racing actions one applies and the other is
 * decided again on the new state (a retry of what already happened answers the exchange unchanged). Status
 * changes are published on the bus (staged with the write), both parties are told live (`exchange:updated`),
 * the exchange's delayed jobs follow its state, and the item's other requesters hear about the reservation.
 */
export async function actOnExchange(
  ctx: MessagingContext,
  props: { exchangeId: string; action: ExchangeAction; caller: ExchangeCaller; input?: ExchangeActionInput },
): Promise<{ exchange: ExchangeView; changed: boolean }> {
  const { action, caller } = props;
  const input = props.input ?? {};
  let record =
    'viewer' in caller
      ? await loadVisibleExchange(ctx, props.exchangeId, caller.viewer)
      : await ctx.exchanges.findById(oid(props.exchangeId)).lean<ExchangeRecord>();
  if (!record) throw new NotFoundError(MSG.exchangeNotFound, { code: 'EXCHANGE_NOT_FOUND' });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = processState(record);
    let actor: Actor = { kind: 'system' };
    if ('viewer' in caller) {
      const role = roleOf(state, caller.viewer.id);
      if (!role) throw new ForbiddenError(MSG.exchangePartiesOnly, { code: 'EXCHANGE_PARTIES_ONLY' });
      actor = { kind: role, userId: caller.viewer.id };
    }
    const now = ctx.now();
    const decision = decide(state, action, actor, now);
    if (isRefusal(decision)) {
      throw new HttpError(decision.status, decision.code, decision.message);
    }
    if (
      decision.kind === 'noop' ||
      (action === 'propose_meetup' && sameMeetup(record, actor, input.meetup))
    ) {
      return { exchange: (await presentExchangeViews(ctx, [record]))[0]!, changed: false };
    }
    if (action === 'propose_meetup') {
      if (!input.meetup) throw new ValidationError(MSG.meetupTimeInvalid, { code: 'INVALID_MEETUP' });
      assertMeetupTime(new Date(input.meetup.at), now);
    }
    if (action === 'accept') await assertItemAvailable(ctx, record);

    const { set, unset, after } = changeFor({ record, action, to: decision.to, actor, input, now });
    const type = eventTypeOf(decision.from, decision.to);
    const staged = type
      ? await ctx.bus.stage(
          {
            collection: ctx.exchanges.collection.collectionName,
            id: record._id,
            exists: { version: after.version },
          },
          [{ type, data: exchangeEventData(after) } as Parameters<typeof ctx.bus.stage>[1][number]],
        )
      : null;
    let written: ExchangeRecord | null;
    try {
      written = (await ctx.exchanges.collection.findOneAndUpdate(
        { _id: record._id, version: record.version ?? null, status: record.status },
        {
          $set: set,
          ...(unset.length ? { $unset: Object.fromEntries(unset.map((field) => [field, ''])) } : {}),
        },
        { returnDocument: 'after' },
      )) as ExchangeRecord | null;
    } catch (error) {
      await cancelUnlessWritten(staged, error);
      if (isDuplicateKey(error)) {
        throw new ConflictError(MSG.exchangeItemReserved, { code: 'ITEM_RESERVED' });
      }
      throw error;
    }
    if (!written) {
      // Someone else moved it first: decide again on what it is now.
      await staged?.cancel();
      record = await ctx.exchanges.findById(record._id).lean<ExchangeRecord>();
      if (!record) throw new NotFoundError(MSG.exchangeNotFound, { code: 'EXCHANGE_NOT_FOUND' });
      continue;
    }
    await staged?.confirm();
    const [view] = await presentExchangeViews(ctx, [written]);
    const by = actor.kind === 'system' ? null : actor.userId;
    ctx.live.emit([view!.requesterId, view!.ownerId], 'exchange:updated', { exchange: view!, action, by });
    await Promise.all([
      syncExchangeTimers(ctx, record, written).catch((error: unknown) =>
        ctx.logger.error({ err: error, exchangeId: view!.id }, 'could not schedule the exchange timers'),
      ),
      followUpOtherRequests(ctx, record, written),
    ]);
    return { exchange: view!, changed: true };
  }
  throw new ConflictError(MSG.exchangeWrongState, { code: 'EXCHANGE_STATE' });
}
