import type { MessagingSettings } from '@nomadswap/contracts/messaging';
import type { ChatUser, Message } from '@nomadswap/contracts/responses';
import type { MessagingContext } from '../context';
import type { MessageRecord } from '../data/message';
import { deletedChatUser, loadChatUsers } from './chat-users';
import { settingsOf } from './get-messaging-settings';
import { hex } from '../data/ids';

/**
 * One message as `viewerId` sees it. The sender sees `isRead`/`readAt` only when both sides have read receipts
 * on (a user with them off neither sends nor sees "Seen"); the receiver always sees their own read state.
 */
export function presentMessage(
  record: MessageRecord,
  viewerId: string,
  users: Map<string, ChatUser>,
  settings: Map<string, MessagingSettings>,
): Message {
  const senderId = hex(record.senderId);
  const receiverId = hex(record.receiverId);
  const receiptsShown =
    viewerId !== senderId ||
    ((settings.get(senderId)?.readReceipts ?? true) && (settings.get(receiverId)?.readReceipts ?? true));
  return {
    id: hex(record._id),
    senderId,
    receiverId,
    exchangeId: record.exchangeId ? hex(record.exchangeId) : null,
    itemId: record.itemId ? hex(record.itemId) : null,
    content: record.content,
    safetyWarning: viewerId === receiverId ? (record.safetyWarning ?? null) : null,
    isRead: receiptsShown && record.isRead,
    readAt: receiptsShown && record.readAt ? record.readAt.toISOString() : null,
    clientId: record.clientId,
    createdAt: record.createdAt.toISOString(),
    sender: users.get(senderId) ?? deletedChatUser(senderId),
    receiver: users.get(receiverId) ?? deletedChatUser(receiverId),
  };
}

/** Messages as `viewerId` sees them, with both participants' summaries, loaded in two queries. */
export async function presentMessages(
  ctx: Pick<MessagingContext, 'users' | 'settings'>,
  viewerId: string,
  records: readonly MessageRecord[],
): Promise<Message[]> {
  const ids = records.flatMap((record) => [hex(record.senderId), hex(record.receiverId)]);
  const [users, settings] = await Promise.all([loadChatUsers(ctx, ids), settingsOf(ctx, ids)]);
  return records.map((record) => presentMessage(record, viewerId, users, settings));
}
