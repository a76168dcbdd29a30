import type { ExchangeRequestInput } from '@nomadswap/contracts/exchanges';
import { cancelUnlessWritten } from '@nomadswap/service-kit/events';
import { MSG } from '@nomadswap/contracts/messages';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import {
  ForbiddenError,
  isDuplicateKey,
  NotFoundError,
  ConflictError,
  ValidationError,
} from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../data/chat-item';
import { newExchangeRecord, type ExchangeRecord } from '../data/exchange';
import { participantState } from './chat-users';
import { syncExchangeTimers } from './exchange-timers';
import { isBlockedEitherWay } from '../data/block';
import { hex, newId, oid, op } from '../data/ids';
import { exchangeEventData, presentExchangeViews } from './present-exchange';
import { sendMessage } from './send-message';
import type { Viewer } from './viewer';

/** The other party must be there, approved, and neither may have blocked the other. */
export async function assertCanSwapWith(ctx: MessagingContext, me: string, otherId: string): Promise<void> {
  const [state, blocked] = await Promise.all([
    participantState(ctx, otherId),
    isBlockedEitherWay(ctx, me, otherId),
  ]);
  if (state === 'unknown' || state === 'deleted')
    throw new NotFoundError(MSG.userNotFound, { code: 'USER_NOT_FOUND' });
  if (state === 'unapproved')
    throw new ForbiddenError(MSG.exchangeUserNotApproved, { code: 'USER_NOT_APPROVED' });
  if (blocked) throw new ForbiddenError(MSG.exchangeBlocked, { code: 'BLOCKED' });
}

async function assertOfferedAreMine(
  ctx: MessagingContext,
  me: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const items = await ctx.items.find({ _id: op({ $in: ids.map(oid) }) }).lean<ChatItemRecord[]>();
  const usable = items.filter((item) => hex(item.ownerId) === me && !item.deleted && !item.isSwapped);
  if (usable.length !== ids.length) {
    throw new ValidationError(MSG.exchangeOfferedNotYours, {
      code: 'OFFERED_NOT_YOURS',
      details: [{ field: 'offeredItemIds', message: MSG.exchangeOfferedNotYours }],
    });
  }
}

/** Stores a new exchange with its exchange.requested event, tells both parties and schedules its expiry. */
export async function storeNewExchange(
  ctx: MessagingContext,
  record: ExchangeRecord,
  by: string,
): Promise<{ record: ExchangeRecord; created: boolean }> {
  const staged = await ctx.bus.stage(
    { collection: ctx.exchanges.collection.collectionName, id: record._id, exists: {} },
    [{ type: 'exchange.requested', data: exchangeEventData(record) }],
  );
  try {
    await ctx.exchanges.collection.insertOne(record);
  } catch (error) {
    await cancelUnlessWritten(staged, error);
    if (!isDuplicateKey(error) || !record.openKey) throw error;
    const winner = await ctx.exchanges.findOne({ openKey: record.openKey }).lean<ExchangeRecord>();
    if (!winner) throw error;
    return { record: winner, created: false };
  }
  await staged.confirm();
  const [view] = await presentExchangeViews(ctx, [record]);
  ctx.live.emit([view!.requesterId, view!.ownerId], 'exchange:updated', {
    exchange: view!,
    action: 'request',
    by,
  });
  await syncExchangeTimers(ctx, null, record).catch((error: unknown) =>
    ctx.logger.error({ err: error, exchangeId: view!.id }, 'could not schedule the exchange timers'),
  );
  return { record, created: true };
}

/**
 * The caller asks an item's owner for it (`POST /api/exchanges`), optionally offering up to 3 of their own
 * available items. Both approved, not their own item, no block either way, the item not swapped or deleted (a
 * reserved item may still be asked for: the request waits). The request is posted in the conversation (which is
 * created when there is none) as a message carrying the exchange's id, so the chat shows it as a card. A repeat
 * while the request is open answers that request.
 */
export async function requestExchange(
  ctx: MessagingContext,
  props: { viewer: Viewer; input: ExchangeRequestInput },
): Promise<{ exchange: ExchangeView; created: boolean }> {
  const me = props.viewer.id;
  const { itemId, message, offeredItemIds = [] } = props.input;
  const item = await ctx.items.findById(oid(itemId)).lean<ChatItemRecord>();
  if (!item || item.deleted) throw new NotFoundError(MSG.itemNotFound, { code: 'ITEM_NOT_FOUND' });
  const ownerId = hex(item.ownerId);
  if (ownerId === me) {
    throw new ValidationError(MSG.exchangeOwnItem, {
      code: 'EXCHANGE_OWN_ITEM',
      details: [{ field: 'itemId', message: MSG.exchangeOwnItem }],
    });
  }
  if (item.isSwapped) throw new ConflictError(MSG.exchangeItemUnavailable, { code: 'ITEM_UNAVAILABLE' });
  await Promise.all([assertCanSwapWith(ctx, me, ownerId), assertOfferedAreMine(ctx, me, offeredItemIds)]);

  const openKey = `${me}:${itemId}`;
  const id = newId();
  const claimed = await claimRequest(ctx, openKey, hex(id));
  if (claimed !== true) return { exchange: (await presentExchangeViews(ctx, [claimed]))[0]!, created: false };
  try {
    return await postRequest(ctx, { me, item, id, openKey, message, offeredItemIds });
  } finally {
    await releaseRequest(ctx, openKey, hex(id));
  }
}

/** How long a request may hold its claim (it takes milliseconds; the claim expires if its replica dies). */
const REQUEST_CLAIM_MS = 10_000;
const REQUEST_POLL_MS = 25;

const claimKey = (ctx: MessagingContext, openKey: string) => `${ctx.keyPrefix}exchange-request:${openKey}`;

/**
 * One request at a time per requester and item, across replicas: the request's message is posted before its
 * exchange is stored, so two requests at once (a double tap, two devices) each posted a message and all but one
 * lost the exchange's insert, leaving messages without a swap card (decision 0032). The open request answers at
 * once; otherwise this takes the claim (true) or, while another request holds it, waits for that request's
 * exchange and answers it. 409 when the other request neither finishes nor lets go in time.
 */
async function claimRequest(
  ctx: MessagingContext,
  openKey: string,
  token: string,
): Promise<true | ExchangeRecord> {
  const deadline = performance.now() + ctx.exchangeRequestWaitMs;
  for (;;) {
    const open = await ctx.exchanges.findOne({ openKey }).lean<ExchangeRecord>();
    if (open) return open;
    if ((await ctx.redis.set(claimKey(ctx, openKey), token, 'PX', REQUEST_CLAIM_MS, 'NX')) === 'OK')
      return true;
    if (performance.now() >= deadline) {
      throw new ConflictError(MSG.exchangeRequestInProgress, { code: 'REQUEST_IN_PROGRESS' });
    }
    await new Promise((resolve) => setTimeout(resolve, REQUEST_POLL_MS));
  }
}

const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** Lets go of this request's claim — only its own: one that expired and was taken since is the other's. */
async function releaseRequest(ctx: MessagingContext, openKey: string, token: string): Promise<void> {
  await ctx.redis
    .eval(RELEASE_IF_OURS, 1, claimKey(ctx, openKey), token)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, openKey }, 'could not release a swap request claim (it expires)'),
    );
}

/** Posts the request's message (opening the conversation) and stores its exchange; the caller holds the claim. */
async function postRequest(
  ctx: MessagingContext,
  props: {
    me: string;
    item: ChatItemRecord;
    id: ReturnType<typeof newId>;
    openKey: string;
    message: string | undefined;
    offeredItemIds: readonly string[];
  },
): Promise<{ exchange: ExchangeView; created: boolean }> {
  const { me, item, id, openKey, message, offeredItemIds } = props;
  const itemId = hex(item._id);
  const ownerId = hex(item.ownerId);
  const now = ctx.now();
  // The request's message opens (or continues) the conversation; it carries the exchange's id.
  await sendMessage(ctx, {
    sender: { id: me },
    input: {
      receiverId: ownerId,
      content: message || item.title || '—',
      itemId,
      clientId: `exchange-${hex(id)}`,
    },
    exchangeId: id,
  });
  const { record } = await storeNewExchange(
    ctx,
    newExchangeRecord({
      _id: id,
      requesterId: oid(me),
      ownerId: item.ownerId,
      itemId: item._id,
      offeredItemIds: offeredItemIds.map(oid),
      message: message || null,
      openKey,
      now,
    }),
    me,
  );
  return { exchange: (await presentExchangeViews(ctx, [record]))[0]!, created: hex(record._id) === hex(id) };
}
