import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeCompleteInput } from '@nomadswap/contracts/messaging';
import type { Exchange, ExchangeCompleteResponse } from '@nomadswap/contracts/responses';
import { ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../db/chat-item';
import type { ConversationRecord } from '../db/conversation';
import type { ExchangeRecord } from '../db/exchange';
import { participantState } from './chat-users';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import mongoose from 'mongoose';
import { hex, oid } from './ids';
import type { Viewer } from './viewer';

export function presentExchange(record: ExchangeRecord): Exchange {
  return {
    id: hex(record._id),
    requesterId: hex(record.requesterId),
    ownerId: hex(record.ownerId),
    itemId: record.itemId ? hex(record.itemId) : null,
    offeredItemId: record.offeredItemId ? hex(record.offeredItemId) : null,
    status: record.status,
    message: record.message,
    createdAt: record.createdAt.toISOString(),
    completedAt: record.completedAt.toISOString(),
  };
}

async function assertItemOfEither(ctx: MessagingContext, itemId: string, pair: string[]): Promise<void> {
  const item = await ctx.items.findById(oid(itemId)).lean<ChatItemRecord>();
  if (!item || item.deleted) throw new NotFoundError(MSG.itemNotFound, { code: 'ITEM_NOT_FOUND' });
  if (!pair.includes(hex(item.ownerId))) {
    throw new ValidationError(MSG.exchangeItemNotTheirs, {
      code: 'ITEM_NOT_THEIRS',
      details: [{ field: 'itemId', message: MSG.exchangeItemNotTheirs }],
    });
  }
}

/**
 * Records a completed swap between the caller and `otherUserId` (both approved, not the same person, with a
 * conversation between them), publishes `exchange.completed` (auth counts swaps, moderation opens reviews,
 * items marks the named item swapped) and tells both live. Completing again with no new message in between
 * (or for the same item) answers the same exchange and publishes nothing.
 */
export async function completeExchange(
  ctx: MessagingContext,
  props: { viewer: Viewer; input: ExchangeCompleteInput },
): Promise<ExchangeCompleteResponse & { created: boolean }> {
  const me = props.viewer.id;
  const { otherUserId, itemId } = props.input;
  if (otherUserId === me) {
    throw new ValidationError(MSG.exchangeWithSelf, {
      code: 'EXCHANGE_WITH_SELF',
      details: [{ field: 'otherUserId', message: MSG.exchangeWithSelf }],
    });
  }
  const state = await participantState(ctx, otherUserId);
  if (state === 'unknown' || state === 'deleted') {
    throw new NotFoundError(MSG.userNotFound, { code: 'USER_NOT_FOUND' });
  }
  if (state === 'unapproved') {
    throw new ForbiddenError(MSG.exchangeUserNotApproved, { code: 'USER_NOT_APPROVED' });
  }
  const conversation = await ctx.conversations
    .findOne({ ownerId: oid(me), otherId: oid(otherUserId) })
    .lean<ConversationRecord>();
  if (!conversation) {
    throw new ForbiddenError(MSG.exchangeNeedsConversation, { code: 'NO_CONVERSATION' });
  }
  const pair = [me, otherUserId].sort();
  if (itemId) await assertItemOfEither(ctx, itemId, pair);

  const dedupeKey = itemId
    ? `${pair.join(':')}:item:${itemId}`
    : `${pair.join(':')}:after:${hex(conversation.lastMessageId)}`;
  const redirectTo = `/review/${otherUserId}`;
  const existing = await ctx.exchanges.findOne({ dedupeKey }).lean<ExchangeRecord>();
  if (existing) return { exchange: presentExchange(existing), redirectTo, created: false };

  // exchange.completed is known before the exchange is written: staged with it (sent if the exchange exists, so
  // a process killed after the write still announces it), confirmed after the write.
  const exchangeId = new mongoose.Types.ObjectId();
  const now = new Date();
  const event = await ctx.bus.stage(
    { collection: ctx.exchanges.collection.collectionName, id: exchangeId, exists: {} },
    [
      {
        type: 'exchange.completed',
        data: {
          id: hex(exchangeId),
          requesterId: hex(oid(me)),
          ownerId: hex(oid(otherUserId)),
          itemId: itemId ? hex(oid(itemId)) : null,
          completedAt: now.toISOString(),
        },
      },
    ],
  );
  let record: ExchangeRecord;
  try {
    record = (
      await ctx.exchanges.create({
        _id: exchangeId,
        requesterId: oid(me),
        ownerId: oid(otherUserId),
        itemId: itemId ? oid(itemId) : null,
        dedupeKey,
        createdAt: now,
        completedAt: now,
      })
    ).toObject({ transform: false, flattenObjectIds: false, virtuals: false }) as ExchangeRecord;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await event.cancel(); // not written: the same exchange exists already
    const winner = await ctx.exchanges.findOne({ dedupeKey }).lean<ExchangeRecord>();
    if (!winner) throw error;
    return { exchange: presentExchange(winner), redirectTo, created: false };
  }

  const exchange = presentExchange(record);
  await event.confirm();
  ctx.live.emit([me, otherUserId], 'exchange:completed', { exchange, by: me });
  return { exchange, redirectTo, created: true };
}
