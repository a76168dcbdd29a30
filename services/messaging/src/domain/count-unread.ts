import type { MessagingContext } from '../context';
import { oid } from './ids';

/** How many messages the user has not read (the Messages badge). */
export async function countUnread(ctx: Pick<MessagingContext, 'messages'>, userId: string): Promise<number> {
  return ctx.messages.countDocuments({ receiverId: oid(userId), isRead: false });
}

/** Pushes the user's current unread count to all their sockets. */
export async function pushUnreadCount(
  ctx: Pick<MessagingContext, 'messages' | 'live'>,
  userId: string,
): Promise<number> {
  const count = await countUnread(ctx, userId);
  ctx.live.emit([userId], 'unread:count', { count });
  return count;
}
