import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { MSG } from '@nomadswap/contracts/messages';
import type { SafetyWarning } from '@nomadswap/contracts/enums';
import type { EventData } from '@nomadswap/contracts/events';
import type { MessageSendInput } from '@nomadswap/contracts/messaging';
import type { Message } from '@nomadswap/contracts/responses';
import { ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { UserState } from '@nomadswap/service-kit/auth';
import type { MessagingContext } from '../context';
import type { ChatUserRecord } from '../db/chat-user';
import type { MessageRecord } from '../db/message';
import { presentChatUser } from './chat-users';
import { pushUnreadAfterSend } from './count-unread';
import { participantsAndBlock } from './find-block';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { hex, oid } from './ids';
import { presentMessage, presentMessages } from './present-messages';
import type { Viewer } from './viewer';
import { markSendStage } from '../realtime/send-timings';
import { detectSafetySignal, SAFETY_EARLY_MESSAGES } from './safety-signal';
import { runCommand, throwWriteError, type WriteReply } from './db-command';

export interface SendMessageResult {
  message: Message;
  /** False when `clientId` named a message already stored: the retry got that one back. */
  created: boolean;
}

async function storedByClientId(
  ctx: MessagingContext,
  senderId: string,
  clientId: string,
): Promise<MessageRecord | null> {
  return ctx.messages.findOne({ senderId: oid(senderId), clientId }).lean<MessageRecord>();
}

function flaggedEventData(record: MessageRecord, kind: SafetyWarning): EventData<'message.flagged'> {
  return {
    messageId: hex(record._id),
    senderId: hex(record.senderId),
    receiverId: hex(record.receiverId),
    kind,
    content: record.content,
    createdAt: record.createdAt.toISOString(),
  };
}

/** True while the two have exchanged fewer than SAFETY_EARLY_MESSAGES messages (either way). */
async function isEarlyInConversation(ctx: MessagingContext, a: string, b: string): Promise<boolean> {
  const between = {
    $or: [
      { senderId: oid(a), receiverId: oid(b) },
      { senderId: oid(b), receiverId: oid(a) },
    ],
  };
  return (
    (await ctx.messages.countDocuments(between, { limit: SAFETY_EARLY_MESSAGES })) < SAFETY_EARLY_MESSAGES
  );
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

/**
 * Both sides' conversation rows point at the newest message (and at the item, when this one names one): one
 * `update` command with two upserts on the unique owner+other index. The values are already typed, so neither
 * mongoose's casting nor the driver's bulk-write objects are needed (both cost more CPU than the command in the
 * replica's profile, bench/chat). A new row gets the schema's `itemId: null` default explicitly.
 */
export async function touchConversations(ctx: MessagingContext, record: MessageRecord): Promise<void> {
  const set = {
    lastMessageId: record._id,
    lastMessageAt: record.createdAt,
    ...(record.itemId ? { itemId: record.itemId } : {}),
  };
  const update = { $set: set, ...(record.itemId ? {} : { $setOnInsert: { itemId: null } }) };
  const command = {
    update: ctx.conversations.collection.collectionName,
    updates: [
      { q: { ownerId: record.senderId, otherId: record.receiverId }, u: update, upsert: true },
      { q: { ownerId: record.receiverId, otherId: record.senderId }, u: update, upsert: true },
    ],
    ordered: false,
  };
  let reply = await runCommand<WriteReply>(ctx, command);
  // Two first messages at once: the other request inserted a row; now both rows exist and this updates them.
  if (reply.writeErrors?.every(isDuplicateKey)) reply = await runCommand<WriteReply>(ctx, command);
  throwWriteError(reply);
}

/**
 * Sends a message (REST `POST /api/messages` and socket `message:send` alike): checks the receiver (exists, not
 * deleted, approved, not the sender, no block either way), applies the per-sender rate limit, stores the message
 * once per `clientId`, then tells both participants live (`message:new`) and the receiver their unread count.
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
    /** The exchange this message asks for (a swap request's message, shown by the chat as the request's card). */
    exchangeId?: Types.ObjectId;
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
    ctx.userState.get(input.receiverId),
    participantsAndBlock(ctx, sender.id, input.receiverId),
    ctx.sendLimiter.consume(sender.id).then(
      () => null,
      (error: unknown) => error,
    ),
    // Contact details matter only at a conversation's start: counted only when a message has some.
    signal === 'off_platform' ? isEarlyInConversation(ctx, sender.id, input.receiverId) : false,
  ]);
  const checked = markSendStage('checks', started);
  const byId = new Map(userRecords.map((record) => [hex(record._id), record]));
  try {
    assertCanReceive({ state, receiver: byId.get(input.receiverId), blocked });
    if (limit) throw limit;
  } catch (refusal) {
    const existing = input.clientId ? await storedByClientId(ctx, sender.id, input.clientId) : null;
    if (!existing) throw refusal;
    if (!limit) await ctx.sendLimiter.reward(sender.id).catch(() => undefined);
    return { message: (await presentMessages(ctx, sender.id, [existing]))[0]!, created: false };
  }

  // The schema's defaults, written out: the document goes to the driver as is.
  const record: MessageRecord = {
    _id: new Types.ObjectId(),
    senderId: oid(sender.id),
    receiverId: oid(input.receiverId),
    content: input.content,
    safetyWarning: signal === 'payment' || early ? signal : null,
    clientId: input.clientId ?? randomUUID(),
    itemId: input.itemId ? oid(input.itemId) : null,
    exchangeId: props.exchangeId ?? null,
    isRead: false,
    readAt: null,
    createdAt: new Date(),
  };
  // A flagged message's event is staged with its write (outbox): moderation counts them per sender.
  const flagged = record.safetyWarning
    ? await ctx.bus.stage({ collection: ctx.messages.collection.collectionName, id: record._id }, [
        { type: 'message.flagged', data: flaggedEventData(record, record.safetyWarning) },
      ])
    : null;
  try {
    throwWriteError(
      await runCommand<WriteReply>(ctx, {
        insert: ctx.messages.collection.collectionName,
        documents: [record],
      }),
    );
    await flagged?.confirm();
  } catch (error) {
    await flagged?.cancel();
    if (!isDuplicateKey(error)) throw error;
    // The same clientId arrived twice at once: the other request stored it.
    const winner = await storedByClientId(ctx, sender.id, record.clientId);
    if (!winner) throw error;
    await ctx.sendLimiter.reward(sender.id).catch(() => undefined);
    return { message: (await presentMessages(ctx, sender.id, [winner]))[0]!, created: false };
  }
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
  await Promise.all([touchConversations(ctx, record), pushUnreadAfterSend(ctx, input.receiverId)]);
  markSendStage('after emit', emitted);
  // After the answer's work is done and without holding it up: a slow mail queue never delays a chat.
  for (const hook of ctx.onMessageStored) {
    hook(message).catch((error: unknown) =>
      ctx.logger.warn({ err: error, messageId: message.id }, 'message hook failed'),
    );
  }
  return { message, created: true };
}
