import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationReadResponse,
  Presence,
  UnreadCount,
} from '@nomadswap/contracts/messaging-responses';
import type { Message } from '@nomadswap/contracts/responses';
import type { MessageReadPayload } from '@nomadswap/contracts/socket-events';
import type { ConversationPage } from './get-conversations';
import type { MessagePage } from './get-messages';
import { messagesKeys } from './query-keys';

/*
 * Live events and acknowledged sends change the cached pages in place, so an open chat and the list follow
 * the conversation without a refetch. REST stays the source of truth: after every reconnect the open chats
 * catch up from it (catch-up.ts).
 */

type Threads = InfiniteData<MessagePage, string | undefined>;
type Conversations = InfiniteData<ConversationPage, string | undefined>;

/** The other participant of a message, seen from the viewer. */
export function otherParty(message: Message, viewerId: string): string {
  return message.senderId === viewerId ? message.receiverId : message.senderId;
}

function sameMessage(a: Message, b: Message): boolean {
  return a.id === b.id || (a.clientId !== null && a.clientId === b.clientId && a.senderId === b.senderId);
}

/**
 * A read of a thread already on its way may have been answered before a live message was stored: its answer
 * replaces the thread (a first read has nothing to put the message into at all). When it ends, the thread is read
 * once more. React Query does not restart a first read that is in flight, so this waits for it to settle.
 */
function readAgainAfterCurrentRead(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/** Puts a stored message (socket `message:new`, or the answer to a send) into its thread and the list. */
export function applyMessage(queryClient: QueryClient, message: Message, viewerId: string): void {
  const otherId = otherParty(message, viewerId);
  readAgainAfterCurrentRead(queryClient, messagesKeys.thread(otherId));
  queryClient.setQueryData<Threads>(messagesKeys.thread(otherId), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.messages.some((m) => sameMessage(m, message)));
    if (known) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          messages: page.messages.map((m) => (sameMessage(m, message) ? message : m)),
        })),
      };
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });

  const incoming = message.receiverId === viewerId && !message.isRead;
  let found = false;
  queryClient.setQueryData<Conversations>(messagesKeys.conversations, (data) => {
    if (!data) return data;
    let row: Conversation | undefined;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => {
        if (c.otherUser.id !== otherId) return true;
        row = c;
        return false;
      }),
    }));
    const other = message.senderId === viewerId ? message.receiver : message.sender;
    if (row) found = true;
    else if (!other) return data;
    const alreadyCounted = row?.lastMessage.id === message.id;
    const updated: Conversation = row
      ? {
          ...row,
          lastMessage: message.createdAt >= row.lastMessage.createdAt ? message : row.lastMessage,
          unreadCount: row.unreadCount + (incoming && !alreadyCounted ? 1 : 0),
        }
      : {
          otherUser: other!,
          lastMessage: message,
          unreadCount: incoming ? 1 : 0,
          item: null,
          blocked: false,
          presence: null,
        };
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, conversations: [updated, ...first.conversations] }, ...rest] };
  });
  // A new row lacks the item and presence the server knows: fetch the list again in the background.
  if (!found) void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
}

/** How many message ids the unread total remembers having counted (a replay is far shorter). */
const COUNTED_IDS = 500;

/**
 * Socket `message:new` to the viewer, unread: one more on the unread total. The server pushes no count per
 * message; its recount after every read (on all the viewer's sockets) and at every connect, and the refetch after
 * a reconnect, correct what counting here could get wrong. `counted` holds the ids counted on this connection,
 * so a replayed delivery counts once; a count read in flight is read again after (it may predate the message).
 */
export function countIncoming(
  queryClient: QueryClient,
  message: Message,
  viewerId: string,
  counted: Set<string>,
): void {
  if (message.receiverId !== viewerId || message.isRead || counted.has(message.id)) return;
  counted.add(message.id);
  if (counted.size > COUNTED_IDS) counted.delete(counted.values().next().value!);
  readAgainAfterCurrentRead(queryClient, messagesKeys.unreadCount);
  queryClient.setQueryData<UnreadCount>(messagesKeys.unreadCount, (data) =>
    data ? { count: data.count + 1 } : data,
  );
}

/** Newest first: by time, then by id (ObjectIds order by time too). */
function newestFirst(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Merges a freshly fetched newest page of a chat into its cached pages: the fetched copy of every message wins
 * (read state), what was missing goes in at its place, nothing is there twice. False, and nothing changed, when
 * the page does not reach back to the newest message held (more may be missing: fetch the chat again).
 */
export function mergeNewestPage(queryClient: QueryClient, otherId: string, page: MessagePage): boolean {
  const data = queryClient.getQueryData<Threads>(messagesKeys.thread(otherId));
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return true;
  const newestHeld = first.messages[0];
  const reaches =
    !newestHeld || page.nextCursor === null || page.messages.some((m) => sameMessage(m, newestHeld));
  if (!reaches) return false;
  const fetched = (m: Message) => page.messages.some((f) => sameMessage(f, m));
  queryClient.setQueryData<Threads>(messagesKeys.thread(otherId), {
    ...data,
    pages: [
      {
        ...first,
        messages: [...page.messages, ...first.messages.filter((m) => !fetched(m))].sort(newestFirst),
      },
      ...rest.map((older) => ({ ...older, messages: older.messages.filter((m) => !fetched(m)) })),
    ],
  });
  return true;
}

/** After the viewer read a conversation: their incoming messages are read, its badge and the total drop. */
export function applyConversationRead(
  queryClient: QueryClient,
  { viewerId, userId, result }: { viewerId: string; userId: string; result: ConversationReadResponse },
): void {
  queryClient.setQueryData(messagesKeys.unreadCount, { count: result.unreadCount });
  queryClient.setQueryData<Threads>(messagesKeys.thread(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) =>
              m.receiverId === viewerId && !m.isRead ? { ...m, isRead: true } : m,
            ),
          })),
        }
      : data,
  );
  updateRow(queryClient, userId, (row) => ({ ...row, unreadCount: 0 }));
}

/** Socket `message:read`: the other side read the viewer's messages up to `upTo` ("Seen"). */
export function applyReadReceipt(
  queryClient: QueryClient,
  viewerId: string,
  payload: MessageReadPayload,
): void {
  const { conversationWith, upTo, readAt } = payload;
  const data = queryClient.getQueryData<Threads>(messagesKeys.thread(conversationWith));
  const all = data?.pages.flatMap((page) => page.messages) ?? [];
  const target = all.find((m) => m.id === upTo);
  // Ids are ObjectIds (time first), so without the message itself the id still orders them.
  const isCovered = (m: Message) => (target ? m.createdAt <= target.createdAt : m.id <= upTo);
  const mark = (m: Message): Message =>
    m.senderId === viewerId && !m.isRead && isCovered(m) ? { ...m, isRead: true, readAt } : m;
  if (data) {
    queryClient.setQueryData<Threads>(messagesKeys.thread(conversationWith), {
      ...data,
      pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(mark) })),
    });
  }
  updateRow(queryClient, conversationWith, (row) => ({ ...row, lastMessage: mark(row.lastMessage) }));
}

/** Socket `presence`: the dot in the list and "Active now" in the chat header. */
export function applyPresence(queryClient: QueryClient, presence: Presence): void {
  updateRow(queryClient, presence.userId, (row) => ({ ...row, presence }));
}

function updateRow(queryClient: QueryClient, userId: string, update: (row: Conversation) => Conversation) {
  queryClient.setQueryData<Conversations>(messagesKeys.conversations, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((c) => (c.otherUser.id === userId ? update(c) : c)),
          })),
        }
      : data,
  );
}
