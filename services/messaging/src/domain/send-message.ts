import { randomUUID } from 'node:crypto';
import { cancelUnlessWritten } from '@nomadswap/service-kit/events';
import { MSG } from '@nomadswap/contracts/messages';
import type { MessageSendInput } from '@nomadswap/contracts/messaging';
import type { Message } from '@nomadswap/contracts/responses';
import { ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { UserState } from '@nomadswap/service-kit/auth';
import type { MessagingContext } from '../context';
import type { ChatUserRecord } from '../data/chat-user';
import { touchConversations } from '../data/conversation';
import {
  findMessageByClientId,
  hasFewerMessagesBetween,
  insertMessage,
  newMessageRecord,
} from '../data/message';
import { presentChatUser } from './chat-users';
import { participantsAndBlock } from '../data/block';
import { cachedParticipantsAndBlock } from '../data/chat-state-cache';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { hex, oid, type Id } from '../data/ids';
import { presentMessage, presentMessages } from './present-messages';
import type { Viewer } from './viewer';
import { stageMessageFlagged } from '../events/publish-message-events';
import { markSendStage } from '../realtime/send-timings';
import { detectSafetySignal, SAFETY_EARLY_MESSAGES } from './safety-signal';

export interface SendMessageResult {
  message: Message;
  /** False when `clientId` named a message already stored: the retry got that one back. */
  created: boolean;
}

/** Refuses a receiver who cannot get this sender's messages, with the reason the sender can act on. */
function assertCanReceive(props: {
  state: UserState | null;
  receiver: ChatUserRecord | undefined;
  blocked: boolean;
}): void {
  if (props.receiver?.deleted) {
    throw new NotFoundError(MSG.receiverDeleted, { code: 'RECEIVER_DELETED' });
  }
  if (!props.state) throw new NotFoundError(MSG.receiverNotFound, { code: 'RECEIVER_NOT_FOUND' });
  if (!props.state.isApproved && props.state.role !== 'admin') {
    throw new ForbiddenError(MSG.receiverNotApproved, { code: 'RECEIVER_NOT_APPROVED' });
  }
  if (props.blocked) throw new ForbiddenError(MSG.blockedConversation, { code: 'BLOCKED' });
}

/** The sender's point of the send limit: null when taken, the refusal when not. */
const takePoint = (ctx: MessagingContext, senderId: string): Promise<unknown> =>
  ctx.sendLimiter.consume(senderId).then(
    () => null,
    (error: unknown) => error,
  );

/**
 * Sends a message (REST `POST /api/messages` and socket `message:send` alike): checks the receiver (exists, not
 * deleted, approved, not the sender, no block either way), applies the per-sender rate limit, stores the message
 * once per `clientId`, then tells both participants live (`message:new`; the receiver's client counts it as
 * unread, so no count is pushed per message).
 * A retry with a stored `clientId` returns that message without counting against the limit or emitting again.
 * `senderCheck` (socket sends) re-reads whether the sender may still send; it runs with the other checks and a
 * refusal from it wins over theirs.
 */
export async function sendMessage(
  ctx: MessagingContext,
  props: {
    sender: Pick<Viewer, 'id'>;
    input: MessageSendInput;
    senderCheck?: Promise<unknown>;
    /** The receiver's state when the caller already has it on the way (a socket send reads it with the guard's). */
    receiverState?: Promise<UserState | null>;
    /**
     * Both users' chat-state versions (sender first), read in the same round: the participants and the block check
     * then come from this replica's cache when it holds them under these versions (data/chat-state-cache.ts).
     */
    chatVersions?: Promise<readonly [string, string] | undefined>;
    /**
     * The sender's point of the send limit, already taken in the same round (null) or refused there (the
     * RateLimitedError): no command of its own. Only for a sender other than the receiver.
     */
    limit?: Promise<Error | null | undefined>;
    /** Whether the receiver has a live socket, read in the same round (the hooks' question): no read after. */
    receiverOnline?: Promise<boolean | undefined>;
    /** The exchange this message asks for (a swap request's message, shown by the chat as the request's card). */
    exchangeId?: Id;
  },
): Promise<SendMessageResult> {
  const { sender, input } = props;
  const started = performance.now();
  if (input.receiverId === sender.id) {
    throw new ValidationError(MSG.cannotMessageSelf, {
      code: 'CANNOT_MESSAGE_SELF',
      details: [{ field: 'receiverId', message: MSG.cannotMessageSelf }],
    });
  }
  // Every check is independent: one round of parallel reads keeps a send at two round trips before the emit.
  // A retry's stored copy is looked up only when something refuses it (or the insert collides): the common
  // path costs the database three commands (the participants with the block check, the insert, the conversation
  // rows after the emit), built typed here and sent as plain database commands: mongoose's casting, validation
  // and hydration, and the driver's cursor and operation objects, cost the replica more CPU per send than the
  // engine spends on the commands (docs/decisions/0044-chat-send-less-cpu-and-one-round-trip-less-per-message.md
  // and docs/decisions/0047-chat-send-half-the-engine-s-cpu-per-message-one-database.md).
  const signal = detectSafetySignal(input.content);
  const [, state, { users: userRecords, blocked }, limit, early] = await Promise.all([
    props.senderCheck,
    props.receiverState ?? ctx.userState.get(input.receiverId),
    props.chatVersions
      ? cachedParticipantsAndBlock(ctx, sender.id, input.receiverId, props.chatVersions)
      : participantsAndBlock(ctx, sender.id, input.receiverId),
    props.limit
      ? props.limit.then((taken) => (taken === undefined ? takePoint(ctx, sender.id) : taken))
      : takePoint(ctx, sender.id),
    // Contact details matter only at a conversation's start: counted only when a message has some.
    signal === 'off_platform'
      ? hasFewerMessagesBetween(ctx, sender.id, input.receiverId, SAFETY_EARLY_MESSAGES)
      : false,
  ]);
  const checked = markSendStage('checks', started);
  const byId = new Map(userRecords.map((record) => [hex(record._id), record]));
  try {
    assertCanReceive({ state, receiver: byId.get(input.receiverId), blocked });
    if (limit) throw limit;
  } catch (refusal) {
    const existing = input.clientId ? await findMessageByClientId(ctx, sender.id, input.clientId) : null;
    if (!existing) throw refusal;
    if (!limit) await ctx.sendLimiter.reward(sender.id).catch(() => undefined);
    return { message: (await presentMessages(ctx, sender.id, [existing]))[0]!, created: false };
  }

  const record = newMessageRecord({
    senderId: oid(sender.id),
    receiverId: oid(input.receiverId),
    content: input.content,
    safetyWarning: signal === 'payment' || early ? signal : null,
    clientId: input.clientId ?? randomUUID(),
    itemId: input.itemId ? oid(input.itemId) : null,
    exchangeId: props.exchangeId ?? null,
  });
  // A flagged message's event is staged with its write (outbox): moderation counts them per sender.
  const flagged = record.safetyWarning ? await stageMessageFlagged(ctx, record, record.safetyWarning) : null;
  try {
    await insertMessage(ctx, record);
  } catch (error) {
    await cancelUnlessWritten(flagged, error);
    if (!isDuplicateKey(error)) throw error;
    // The same clientId arrived twice at once: the other request stored it.
    const winner = await findMessageByClientId(ctx, sender.id, record.clientId);
    if (!winner) throw error;
    await ctx.sendLimiter.reward(sender.id).catch(() => undefined);
    return { message: (await presentMessages(ctx, sender.id, [winner]))[0]!, created: false };
  }
  // Outside the try: once the message is stored, a failed confirm must not cancel its event (the relay sends it).
  await flagged?.confirm();
  const stored = markSendStage('insert', checked);

  // A new message is unread: read-receipt settings cannot change how it looks, so none are loaded.
  const users = new Map([sender.id, input.receiverId].map((id) => [id, presentChatUser(id, byId.get(id))]));
  const message = presentMessage(record, sender.id, users, new Map());
  if (record.safetyWarning) {
    // The warning is the receiver's alone: a sender does not learn which words are noticed.
    ctx.live.emit([sender.id], 'message:new', message);
    ctx.live.emit(
      [input.receiverId],
      'message:new',
      presentMessage(record, input.receiverId, users, new Map()),
    );
  } else {
    ctx.live.emit([sender.id, input.receiverId], 'message:new', message);
  }
  const emitted = markSendStage('emit', stored);
  // The hooks (offline nudge, push) need the receiver's presence: read once for all of them, with the rows
  // (a socket send has it from the guard's read).
  const hooks = ctx.onMessageStored;
  const [, receiverOnline] = await Promise.all([
    touchConversations(ctx, record),
    hooks.length === 0 ? undefined : (props.receiverOnline ?? ctx.presence.isOnline(input.receiverId)),
  ]);
  markSendStage('after emit', emitted);
  const facts = { receiverOnline };
  // After the answer's work is done and without holding it up: a slow mail queue never delays a chat.
  for (const hook of hooks) {
    hook(message, facts).catch((error: unknown) =>
      ctx.logger.warn({ err: error, messageId: message.id }, 'message hook failed'),
    );
  }
  return { message, created: true };
}
