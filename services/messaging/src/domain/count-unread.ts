import type { MessagingContext } from '../context';
import { oid } from '../data/ids';

const unreadKey = (ctx: Pick<MessagingContext, 'keyPrefix'>, userId: string) =>
  `${ctx.keyPrefix}unread:${userId}`;

/** How many messages the user has not read (the Messages badge), from the database: the source of truth. */
export async function countUnread(ctx: Pick<MessagingContext, 'messages'>, userId: string): Promise<number> {
  return ctx.messages.countDocuments({ receiverId: oid(userId), isRead: false });
}

type UnreadContext = Pick<MessagingContext, 'messages' | 'live' | 'redis' | 'keyPrefix'>;

/**
 * Recounts the user's unread messages, keeps the count in Redis for the next sends, and pushes it to all their
 * sockets. Used on reads and connects, so a counter that drifted (a send racing a read) heals there.
 */
export async function pushUnreadCount(ctx: UnreadContext, userId: string): Promise<number> {
  const count = await countUnread(ctx, userId);
  await ctx.redis.set(unreadKey(ctx, userId), String(count), 'EX', 7 * 24 * 3600);
  ctx.live.emit([userId], 'unread:count', { count });
  return count;
}

/**
 * After a new message: one more unread for the receiver, pushed live. Counted in Redis (one INCR instead of a
 * count over their messages on every send); a missing counter is recounted from the database.
 */
export async function pushUnreadAfterSend(ctx: UnreadContext, userId: string): Promise<number> {
  // One round trip: INCR only an existing counter (a missing one must not restart from 1), else -1.
  const count = Number(await ctx.redis.eval(INCR_IF_EXISTS, 1, unreadKey(ctx, userId)));
  if (count < 0) return pushUnreadCount(ctx, userId);
  ctx.live.emit([userId], 'unread:count', { count });
  return count;
}

const INCR_IF_EXISTS =
  "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCR', KEYS[1]) end return -1";
