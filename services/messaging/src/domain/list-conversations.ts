import { CONVERSATION_PAGE, type ConversationListQuery } from '@nomadswap/contracts/messaging';
import type { ChatItem, Conversation } from '@nomadswap/contracts/messaging-responses';
import type { MessagingContext } from '../context';
import type { ChatItemRecord } from '../data/chat-item';
import type { ConversationRecord } from '../data/conversation';
import type { MessageRecord } from '../data/message';
import { deletedChatUser, loadChatUsers } from './chat-users';
import { afterConversationCursor, encodeConversationCursor } from '../data/conversation-cursor';
import { blockedAmong } from '../data/block';
import { settingsOf } from './get-messaging-settings';
import { hex, oid, op } from '../data/ids';
import { presentMessage } from './present-messages';
import type { Viewer } from './viewer';

export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

export function presentChatItem(record: ChatItemRecord): ChatItem {
  return {
    id: hex(record._id),
    title: record.title,
    image: record.image,
    ownerId: hex(record.ownerId),
    isSwapped: record.isSwapped,
    deleted: record.deleted,
  };
}

/**
 * The caller's conversations, one row per other participant, newest first, `limit` per page (default 30):
 * the other user's summary, the last message, the unread count, the item in context, whether the caller
 * blocked them, and their presence (null across a block). Reads only this page's rows, never every message.
 */
export async function listConversations(
  ctx: MessagingContext,
  props: { viewer: Viewer; query: ConversationListQuery },
): Promise<ConversationPage> {
  const me = props.viewer.id;
  const limit = props.query.limit ?? CONVERSATION_PAGE.defaultLimit;
  const filter: Record<string, unknown> = { ownerId: oid(me) };
  if (props.query.before) Object.assign(filter, afterConversationCursor(props.query.before));
  const rows = await ctx.conversations
    .find(filter)
    .sort({ lastMessageAt: -1, _id: -1 })
    .limit(limit + 1)
    .lean<ConversationRecord[]>();
  const page = rows.slice(0, limit);
  const others = page.map((row) => hex(row.otherId));

  const [messages, users, settings, items, blocks, unread] = await Promise.all([
    ctx.messages.find({ _id: op({ $in: page.map((row) => row.lastMessageId) }) }).lean<MessageRecord[]>(),
    loadChatUsers(ctx, [me, ...others]),
    settingsOf(ctx, [me, ...others]),
    ctx.items
      .find({ _id: op({ $in: page.flatMap((row) => (row.itemId ? [row.itemId] : [])) }) })
      .lean<ChatItemRecord[]>(),
    blockedAmong(ctx, me, others),
    ctx.messages.aggregate<{ _id: unknown; count: number }>([
      { $match: { receiverId: oid(me), isRead: false, senderId: { $in: others.map(oid) } } },
      { $group: { _id: '$senderId', count: { $sum: 1 } } },
    ]),
  ]);
  const messageById = new Map(messages.map((message) => [hex(message._id), message]));
  const itemById = new Map(items.map((item) => [hex(item._id), item]));
  const unreadBy = new Map(unread.map((row) => [String(row._id), row.count]));
  const presences = await Promise.all(
    others.map((other) => (blocks.either.has(other) ? null : ctx.presence.get(other))),
  );

  const conversations: Conversation[] = [];
  page.forEach((row, index) => {
    const other = hex(row.otherId);
    const last = messageById.get(hex(row.lastMessageId));
    if (!last) return;
    const item = row.itemId ? itemById.get(hex(row.itemId)) : undefined;
    conversations.push({
      otherUser: users.get(other) ?? deletedChatUser(other),
      lastMessage: presentMessage(last, me, users, settings),
      unreadCount: unreadBy.get(other) ?? 0,
      item: item ? presentChatItem(item) : null,
      blocked: blocks.byMe.has(other),
      presence: presences[index] ?? null,
    });
  });
  const lastRow = page.at(-1);
  return {
    conversations,
    nextCursor: rows.length > limit && lastRow ? encodeConversationCursor(lastRow) : null,
  };
}
