import type { MessagingContext } from '../context';
import { oid } from '../data/ids';
import { redisScript } from '../data/redis-script';
import { luaLiveSockets, presenceKey } from '../realtime/presence';

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
 * After a new message: one more unread for the receiver, pushed live, and whether the receiver has a connected
 * socket (the offline nudge and push ask it next). Counted in Redis (one INCR instead of a count over their
 * messages on every send) in one script with the presence read; a missing counter is recounted from the
 * database, and then presence is left unknown.
 */
export async function pushUnreadAfterSend(
  ctx: UnreadContext,
  userId: string,
): Promise<{ count: number; online?: boolean }> {
  const [count, live] = (await incrIfExistsAndLive(
    ctx.redis,
    [unreadKey(ctx, userId), presenceKey(ctx.keyPrefix, userId)],
    [Date.now()],
  )) as [number, number];
  // A missing counter must not restart from 1: -1 says to recount.
  if (count < 0) return { count: await pushUnreadCount(ctx, userId) };
  ctx.live.emit([userId], 'unread:count', { count });
  return { count, online: live > 0 };
}

const incrIfExistsAndLive = redisScript(`
local count = -1
if redis.call('EXISTS', KEYS[1]) == 1 then count = redis.call('INCR', KEYS[1]) end
return {count, ${luaLiveSockets(2, 1)}}`);
