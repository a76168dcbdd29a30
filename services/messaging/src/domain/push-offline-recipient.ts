import type { Message } from '@nomadswap/contracts/responses';
import type { MessageStoredFacts, MessagingContext } from '../context';
import { settingsOf } from './get-messaging-settings';
import { messagePush } from './push-texts';

/**
 * After a message is stored: when its receiver has no connected socket and a device with push on, enqueue a
 * push — the text only with their preview opt-in, else "New message from {name}". The worker holds a burst to
 * one push per conversation per 2 minutes and honours the messages switch.
 */
export function createOfflinePush(ctx: MessagingContext) {
  return async function pushOfflineRecipient(message: Message, facts?: MessageStoredFacts): Promise<boolean> {
    if (!ctx.pushConfig) return false;
    const { receiverId, senderId } = message;
    // A swap request's message: the request's own push ("New swap request") says it better.
    if (message.exchangeId) return false;
    if (facts?.receiverOnline ?? (await ctx.presence.isOnline(receiverId))) return false;
    if (!(await ctx.pushSubscriptions.exists({ userId: receiverId }))) return false;
    const [settings, receiver] = await Promise.all([
      settingsOf(ctx, [receiverId]).then((all) => all.get(receiverId)!),
      ctx.users.findById(receiverId).select({ language: 1 }).lean<{ language?: string | null }>(),
    ]);
    await ctx.push.enqueue(
      messagePush({
        userId: receiverId,
        senderId,
        senderName: message.sender?.fullName || null,
        content: settings.pushIncludesContent ? message.content : null,
        language: receiver?.language,
      }),
      { jobId: `message-push-${message.id}` },
    );
    return true;
  };
}
