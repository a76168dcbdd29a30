import { REPLY_TIME_MIN_SAMPLES, type ReplyTime } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { MessageRecord } from '../data/message';
import { hex, oid } from '../data/ids';

/** The most recent messages read each way: enough for a typical figure, bounded for a cheap read. */
const WINDOW = 300;
/** The figure is cached this long: it moves slowly and profiles are read often. */
const CACHE_SECONDS = 10 * 60;

/**
 * The delays between a message someone received and their next answer in the same conversation, oldest first.
 * Only the first answer to a run of incoming messages counts (a second message of theirs is not a reply).
 */
export function replyDelays(
  userId: string,
  messages: readonly Pick<MessageRecord, 'senderId' | 'receiverId' | 'createdAt'>[],
): number[] {
  const waitingSince = new Map<string, number>();
  const delays: number[] = [];
  const ordered = [...messages].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const message of ordered) {
    const fromUser = hex(message.senderId) === userId;
    const other = hex(fromUser ? message.receiverId : message.senderId);
    const since = waitingSince.get(other);
    if (!fromUser) {
      if (since === undefined) waitingSince.set(other, message.createdAt.getTime());
    } else if (since !== undefined) {
      delays.push(message.createdAt.getTime() - since);
      waitingSince.delete(other);
    }
  }
  return delays;
}

/** The middle value (the mean of the two middle ones for an even count); `values` is left as it was. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A user's typical reply time in chat (median of their recent replies, in whole minutes), cached for 10 minutes. */
export async function getReplyTime(ctx: MessagingContext, props: { userId: string }): Promise<ReplyTime> {
  const key = `${ctx.keyPrefix}replytime:${props.userId}`;
  const cached = await ctx.redis.get(key);
  if (cached) return JSON.parse(cached) as ReplyTime;
  const fields = { senderId: 1, receiverId: 1, createdAt: 1 };
  const [sent, received] = await Promise.all([
    ctx.messages
      .find({ senderId: oid(props.userId) }, fields)
      .sort({ _id: -1 })
      .limit(WINDOW)
      .lean<MessageRecord[]>(),
    ctx.messages
      .find({ receiverId: oid(props.userId) }, fields)
      .sort({ _id: -1 })
      .limit(WINDOW)
      .lean<MessageRecord[]>(),
  ]);
  const delays = replyDelays(props.userId, [...sent, ...received]);
  const answer: ReplyTime = {
    userId: props.userId,
    medianMinutes: delays.length >= REPLY_TIME_MIN_SAMPLES ? Math.round(median(delays) / 60_000) : null,
    samples: delays.length,
  };
  await ctx.redis.set(key, JSON.stringify(answer), 'EX', CACHE_SECONDS);
  return answer;
}
