import type { QueryClient } from '@tanstack/react-query';
import { mergeNewestPage } from './cache';
import { getMessages } from './get-messages';
import { messagesKeys } from './query-keys';

/**
 * After every reconnect, recovered or not. A recovered connection can still miss a message published at the
 * moment it comes back (the server's replay and its live delivery leave a gap;
 * docs/decisions/0055-sockets-re-check-who-they-are.md), so REST, the source of truth, fills in: each open
 * chat asks for its newest page and merges it (one request, when that page reaches back to the newest message
 * held; else the chat is fetched again from the start). Chats not on screen are marked stale, the
 * conversations and the unread total fetched again. Messages are keyed by id and clientId: none is shown
 * twice.
 */
export async function catchUpAfterReconnect(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount });
  void queryClient.invalidateQueries({ queryKey: messagesKeys.threads, refetchType: 'none' });
  const open = queryClient.getQueryCache().findAll({ queryKey: messagesKeys.threads, type: 'active' });
  await Promise.all(
    open.map(async ({ queryKey }) => {
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
