import type { ConversationReadResponse } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { MessageRecord } from '../data/message';
import { pushUnreadCount } from './count-unread';
import { settingsOf } from './get-messaging-settings';
import { hex, oid, op } from '../data/ids';
import type { Viewer } from './viewer';

/**
 * Marks every unread message from `otherUserId` to the caller read (the spec's `isRead`), updates the caller's
 * unread badge on all their sockets, and — only when both have read receipts on — tells the other side
 * `message:read {by, conversationWith, upTo}`. Marking an already-read conversation changes nothing.
 */
export async function markConversationRead(
  ctx: MessagingContext,
  props: { viewer: Viewer; otherUserId: string },
): Promise<ConversationReadResponse> {
  const me = props.viewer.id;
  const other = props.otherUserId;
  const unreadFilter = { senderId: oid(other), receiverId: oid(me), isRead: false };
  const newest = await ctx.messages.findOne(unreadFilter).sort({ _id: -1 }).lean<MessageRecord>();
  if (!newest || me === other) {
    return { updated: 0, unreadCount: await pushUnreadCount(ctx, me) };
  }
  const readAt = new Date();
  const result = await ctx.messages.updateMany(
    { ...unreadFilter, _id: op({ $lte: newest._id }) },
    { $set: { isRead: true, readAt } },
  );
  const unreadCount = await pushUnreadCount(ctx, me);
  const settings = await settingsOf(ctx, [me, other]);
  if (settings.get(me)?.readReceipts && settings.get(other)?.readReceipts) {
    ctx.live.emit([other], 'message:read', {
      by: me,
      conversationWith: me,
      upTo: hex(newest._id),
      readAt: readAt.toISOString(),
    });
  }
  return { updated: result.modifiedCount, unreadCount };
}
