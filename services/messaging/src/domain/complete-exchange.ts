import { OPEN_EXCHANGE_STATUSES, type ExchangeCompleteResponse } from '@nomadswap/contracts/exchanges';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeCompleteInput } from '@nomadswap/contracts/messaging';
import { ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../data/chat-item';
import type { ConversationRecord } from '../data/conversation';
import { newExchangeRecord, type ExchangeRecord } from '../data/exchange';
import { actOnExchange } from './act-on-exchange';
import { hex, newId, oid, op } from '../data/ids';
import { presentExchangeViews } from './present-exchange';
import { assertCanSwapWith, storeNewExchange } from './request-exchange';
import type { Viewer } from './viewer';

/** The named item's owner; it must be one of the two (an exchange never touches a stranger's listing). */
async function ownerOfItem(ctx: MessagingContext, itemId: string, pair: string[]): Promise<string> {
  const item = await ctx.items.findById(oid(itemId)).lean<ChatItemRecord>();
  if (!item || item.deleted) throw new NotFoundError(MSG.itemNotFound, { code: 'ITEM_NOT_FOUND' });
  const owner = hex(item.ownerId);
  if (!pair.includes(owner)) {
    throw new ValidationError(MSG.exchangeItemNotTheirs, {
      code: 'ITEM_NOT_THEIRS',
      details: [{ field: 'itemId', message: MSG.exchangeItemNotTheirs }],
    });
  }
  return owner;
}

const pairFilter = (a: string, b: string) => ({
  $or: [
    { requesterId: oid(a), ownerId: oid(b) },
    { requesterId: oid(b), ownerId: oid(a) },
  ],
});

/**
 * The chat's Complete Swap (`POST /api/exchanges/complete`), the spec's call kept (issue 20): it confirms the
 * caller's side of the pair's accepted exchange (the one for `itemId` when named). With none, it confirms the
 * other's waiting confirmation, or starts a proposal already confirmed by the caller (for the named item, of
 * either party) that waits for the other person: their confirmation accepts and completes it in one step. One
 * person alone never completes a swap. `redirectTo` (the review page) only once the exchange is completed.
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
  await assertCanSwapWith(ctx, me, otherUserId);
  const conversation = await ctx.conversations
    .findOne({ ownerId: oid(me), otherId: oid(otherUserId) })
    .lean<ConversationRecord>();
  if (!conversation) throw new ForbiddenError(MSG.exchangeNeedsConversation, { code: 'NO_CONVERSATION' });
  const pair = [me, otherUserId].sort();
  const itemOwner = itemId ? await ownerOfItem(ctx, itemId, pair) : null;
  const answer = (exchange: ExchangeCompleteResponse['exchange'], created: boolean) => ({
    exchange,
    created,
    ...(exchange.status === 'completed' ? { redirectTo: `/review/${otherUserId}` } : {}),
  });
  const confirm = async (record: ExchangeRecord) =>
    answer(
      (
        await actOnExchange(ctx, {
          exchangeId: hex(record._id),
          action: 'confirm',
          caller: { viewer: props.viewer },
        })
      ).exchange,
      false,
    );

  const open = await ctx.exchanges
    .find({ ...pairFilter(me, otherUserId), status: op({ $in: [...OPEN_EXCHANGE_STATUSES] }) })
    .sort({ updatedAt: -1 })
    .lean<ExchangeRecord[]>();
  const accepted = open.filter((record) => record.status === 'accepted');
  const target =
    (itemId && accepted.find((record) => record.itemId && hex(record.itemId) === itemId)) || accepted[0];
  if (target) return confirm(target);
  const waiting = open.find(
    (record) => record.status === 'proposed' && (record.confirmedBy ?? []).length > 0,
  );
  if (waiting) {
    const mine = (waiting.confirmedBy ?? []).some((id) => hex(id) === me);
    return mine ? answer((await presentExchangeViews(ctx, [waiting]))[0]!, false) : confirm(waiting);
  }

  const ownerId = itemOwner ?? otherUserId;
  const requesterId = ownerId === me ? otherUserId : me;
  const id = newId();
  const now = ctx.now();
  const { record, created } = await storeNewExchange(
    ctx,
    newExchangeRecord({
      _id: id,
      requesterId: oid(requesterId),
      ownerId: oid(ownerId),
      itemId: itemId ? oid(itemId) : null,
      confirmedBy: [oid(me)],
      // One waiting confirmation per pair at a time.
      openKey: `confirm:${pair.join(':')}`,
      now,
    }),
    me,
  );
  if (!created && !(record.confirmedBy ?? []).some((confirmer) => hex(confirmer) === me))
    return confirm(record);
  return answer((await presentExchangeViews(ctx, [record]))[0]!, created);
}
