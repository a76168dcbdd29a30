import type { Message } from '@nomadswap/contracts/responses';
import type { NotificationMail, NotificationQueue } from '@nomadswap/service-kit/notifications';
import type { MessageStoredFacts, MessagingContext } from '../context';
import type { ChatUserRecord } from '../data/chat-user';
import { settingsOf } from './get-messaging-settings';
import { messagingMails } from './mails';
import { oid } from '../data/ids';

export interface NudgeOptions {
  notifications: Pick<NotificationQueue, 'enqueue'>;
  /** At most one e-mail per conversation per this many ms (default 30 min). */
  intervalMs?: number;
  /** Public address of the web app, for the link to the conversation. */
  publicUrl?: string;
}

export const NUDGE_INTERVAL_MS = 30 * 60 * 1000;

/** The e-mail: who wrote, a link to the conversation, and the text only when the recipient opted in. */
export function nudgeEmail(props: {
  to: string;
  recipientName: string;
  senderName: string | null;
  senderId: string;
  content: string | null;
  publicUrl?: string;
  /** The recipient's language (issue 23); English when unknown. */
  language?: string | null;
}): NotificationMail {
  const texts = messagingMails(props.language);
  const sender = props.senderName || texts.someone;
  const link = props.publicUrl
    ? `\n\n${texts.openConversation} ${new URL(`/messages?user=${props.senderId}`, props.publicUrl).href}`
    : '';
  const body = props.content === null ? '' : `\n\n"${props.content}"`;
  return {
    to: props.to,
    subject: texts.nudgeSubject(sender),
    text:
      `${texts.greeting(props.recipientName)}\n\n${texts.nudgeBody(sender)}${body}${link}\n\n` +
      `${texts.nudgeOptOut}\n${texts.signature}\n`,
  };
}

/**
 * After a message is stored: when its receiver has no connected socket, wants e-mail and auth told us their
 * address, enqueue one "New message from {name}" e-mail — at most one per conversation per interval (a Redis
 * key set with NX decides, so several replicas never send two).
 */
export function createOfflineNudge(ctx: MessagingContext, options: NudgeOptions) {
  const intervalMs = options.intervalMs ?? NUDGE_INTERVAL_MS;
  return async function nudgeOfflineRecipient(
    message: Message,
    facts?: MessageStoredFacts,
  ): Promise<boolean> {
    const { receiverId, senderId } = message;
    if (facts?.receiverOnline ?? (await ctx.presence.isOnline(receiverId))) return false;
    const settings = (await settingsOf(ctx, [receiverId])).get(receiverId);
    if (!settings?.emailNotifications) return false;
    const recipient = await ctx.users.findById(oid(receiverId)).lean<ChatUserRecord>();
    if (!recipient?.email || recipient.deleted) {
      ctx.logger.debug({ receiverId }, 'no e-mail address known for an offline nudge');
      return false;
    }
    const windowKey = `${ctx.keyPrefix}nudge:${receiverId}:${senderId}`;
    const first = await ctx.redis.set(windowKey, message.id, 'PX', intervalMs, 'NX');
    if (first !== 'OK') return false;
    await options.notifications.enqueue(
      nudgeEmail({
        to: recipient.email,
        recipientName: recipient.fullName,
        senderName: message.sender?.fullName || null,
        senderId,
        content: settings.emailIncludesContent ? message.content : null,
        publicUrl: options.publicUrl,
        language: recipient.language,
      }),
      { jobId: `message-nudge-${message.id}` },
    );
    return true;
  };
}
