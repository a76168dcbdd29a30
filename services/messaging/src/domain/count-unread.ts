import type { MessagingContext } from '../context';
import { oid } from '../data/ids';

/** How many messages the user has not read (the Messages badge), from the database: the source of truth. */
export async function countUnread(ctx: Pick<MessagingContext, 'messages'>, userId: string): Promise<number> {
  return ctx.messages.countDocuments({ receiverId: oid(userId), isRead: false });
}

/**
 * Recounts the user's unread messages and pushes the count to all their sockets. Used on reads (so another tab
 * or device of theirs drops its badge too); a send pushes no count: the web client counts the `message:new`
 * it receives, and this recount and the one at every connect correct it (decision new-chat-one-broadcast-per-message).
 */
export async function pushUnreadCount(
  ctx: Pick<MessagingContext, 'messages' | 'live'>,
  userId: string,
): Promise<number> {
  const count = await countUnread(ctx, userId);
  ctx.live.emit([userId], 'unread:count', { count });
  return count;
}
