import { randomUUID } from 'node:crypto';
import { MSG } from '@nomadswap/contracts/messages';
import type { MessageSendInput } from '@nomadswap/contracts/messaging';
import type { Message } from '@nomadswap/contracts/responses';
import { ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import type { MessageRecord } from '../db/message';
import { participantState } from './chat-users';
import { pushUnreadCount } from './count-unread';
import { isBlockedEitherWay } from './find-block';
import { isDuplicateKey, oid } from './ids';
import { presentMessages } from './present-messages';
import type { Viewer } from './viewer';

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

/** Refuses a receiver who cannot get this sender's messages, with the reason the sender can act on. */
async function assertCanReceive(ctx: MessagingContext, senderId: string, receiverId: string): Promise<void> {
  if (receiverId === senderId) {
    throw new ValidationError(MSG.cannotMessageSelf, {
      code: 'CANNOT_MESSAGE_SELF',
      details: [{ field: 'receiverId', message: MSG.cannotMessageSelf }],
    });
  }
  const state = await participantState(ctx, receiverId);
  if (state === 'unknown') throw new NotFoundError(MSG.receiverNotFound, { code: 'RECEIVER_NOT_FOUND' });
  if (state === 'deleted') throw new NotFoundError(MSG.receiverDeleted, { code: 'RECEIVER_DELETED' });
  if (state === 'unapproved') {
    throw new ForbiddenError(MSG.receiverNotApproved, { code: 'RECEIVER_NOT_APPROVED' });
  }
  if (await isBlockedEitherWay(ctx, senderId, receiverId)) {
    throw new ForbiddenError(MSG.blockedConversation, { code: 'BLOCKED' });
  }
}

/** Both sides' conversation rows point at the newest message (and at the item, when this one names one). */
async function touchConversations(ctx: MessagingContext, record: MessageRecord): Promise<void> {
  const set = {
    lastMessageId: record._id,
    lastMessageAt: record.createdAt,
    ...(record.itemId ? { itemId: record.itemId } : {}),
  };
  const sides = [
    { ownerId: record.senderId, otherId: record.receiverId },
    { ownerId: record.receiverId, otherId: record.senderId },
  ];
  await Promise.all(
    sides.map(async (side) => {
      try {
        await ctx.conversations.updateOne(side, { $set: set }, { upsert: true });
      } catch (error) {
        // Two first messages at once: one upsert inserted the row, the other now updates it.
        if (!isDuplicateKey(error)) throw error;
        await ctx.conversations.updateOne(side, { $set: set });
      }
    }),
  );
}

/**
 * Sends a message (REST `POST /api/messages` and socket `message:send` alike): checks the receiver (exists, not
 * deleted, approved, not the sender, no block either way), applies the per-sender rate limit, stores the message
 * once per `clientId`, then tells both participants live (`message:new`) and the receiver their unread count.
 * A retry with a stored `clientId` returns that message without counting against the limit or emitting again.
 */
export async function sendMessage(
  ctx: MessagingContext,
  props: { sender: Viewer; input: MessageSendInput },
): Promise<SendMessageResult> {
  const { sender, input } = props;
  const present = async (record: MessageRecord) => (await presentMessages(ctx, sender.id, [record]))[0]!;

  if (input.clientId) {
    const existing = await storedByClientId(ctx, sender.id, input.clientId);
    if (existing) return { message: await present(existing), created: false };
  }
  await assertCanReceive(ctx, sender.id, input.receiverId);
  await ctx.sendLimiter.consume(sender.id);

  const clientId = input.clientId ?? randomUUID();
  let record: MessageRecord;
  try {
    const created = await ctx.messages.create({
      senderId: oid(sender.id),
      receiverId: oid(input.receiverId),
      content: input.content,
      clientId,
      itemId: input.itemId ? oid(input.itemId) : null,
    });
    record = created.toObject({
      transform: false,
      flattenObjectIds: false,
      virtuals: false,
    }) as MessageRecord;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // The same clientId arrived twice at once: the other request stored it.
    const existing = await storedByClientId(ctx, sender.id, clientId);
    if (!existing) throw error;
    await ctx.sendLimiter.reward(sender.id).catch(() => undefined);
    return { message: await present(existing), created: false };
  }

  await touchConversations(ctx, record);
  const message = await present(record);
  ctx.live.emit([sender.id, input.receiverId], 'message:new', message);
  await pushUnreadCount(ctx, input.receiverId);
  // After the answer's work is done and without holding it up: a slow mail queue never delays a chat.
  for (const hook of ctx.onMessageStored) {
    hook(message).catch((error: unknown) =>
      ctx.logger.warn({ err: error, messageId: message.id }, 'message hook failed'),
    );
  }
  return { message, created: true };
}
