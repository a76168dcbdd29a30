import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { mergeNewestPage } from './cache';
import { getMessages } from './get-messages';
import { messagesKeys } from './query-keys';

/**
 * What a live connection can have missed, filled in from REST (the source of truth) after every connect, the
 * first included. A reconnect, recovered or not, can miss a message published at the moment it comes back (the
 * server's replay and its live delivery leave a gap; docs/decisions/0055-sockets-re-check-who-they-are.md). The
 * first connect can too: a chat or the swaps read before the socket joined its user's room miss what was sent
 * in between (a request accepted while the page loaded) — so whatever was read before the connect, or was still
 * being read, is read again.
 *
 * Each open chat asks for its newest page and merges it (one request, when that page reaches back to the newest
 * message held; else the chat is fetched again from the start); the conversations and the swaps on screen are
 * fetched again, the other chats marked stale. The unread total is fetched again after a reconnect (the first
 * connect's `unread:count` is already current). Messages are keyed by id and clientId: none is shown twice.
 */
export async function catchUpAfterConnect(
  queryClient: QueryClient,
  { first }: { first: boolean },
): Promise<void> {
  const active = (queryKey: QueryKey) => queryClient.getQueryCache().findAll({ queryKey, type: 'active' });
  // A first read still under way may have read the server before the connect: its answer comes first.
  await Promise.all(
    [
      ...active(messagesKeys.conversations),
      ...active(queryKeys.exchanges.all),
      ...active(messagesKeys.threads),
    ]
      .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching')
      .map((query) => (query.promise ?? Promise.resolve()).catch(() => undefined)),
  );
  // Those on screen are read again (React Query refetches only active queries), the others marked stale.
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: queryKeys.exchanges.all });
  void queryClient.invalidateQueries({ queryKey: messagesKeys.threads, refetchType: 'none' });
  if (!first) void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount });
  await Promise.all(
    active(messagesKeys.threads)
      .filter((query) => query.state.data !== undefined)
      .map(async ({ queryKey }) => {
        const otherId = queryKey[2];
        if (typeof otherId !== 'string') return;
        try {
          const page = await getMessages(otherId);
          if (!mergeNewestPage(queryClient, otherId, page)) {
            await queryClient.refetchQueries({ queryKey, exact: true });
          }
        } catch {
          await queryClient.refetchQueries({ queryKey, exact: true }).catch(() => undefined);
        }
      }),
  );
}
