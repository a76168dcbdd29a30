import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { conversationsQueryOptions } from '../features/messages/api/get-conversations';
import { threadQueryOptions } from '../features/messages/api/get-messages';

/**
 * `/messages`' first reads, started by boot.tsx as the app starts (router.tsx preloadSignedInPage): who is signed
 * in, the conversations and, with `?user=`, that conversation's newest messages — in parallel, where the page
 * would ask for the thread only once the list had answered and the chat was rendered. Failures are left for the
 * page's own queries (an unapproved user's 403 is not shown: the page does not ask). A module of its own (a small
 * chunk), so that the reads do not wait for the page's chunk and its imports. Settles once they have answered
 * (boot.tsx waits for that while index.html's early skeleton of the page is on screen).
 */
export function prefetchMessagesPage(queryClient: QueryClient, search: string): Promise<unknown> {
  const other = new URLSearchParams(search).get('user');
  return Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions()),
    queryClient.prefetchInfiniteQuery(conversationsQueryOptions()),
    other ? queryClient.prefetchInfiniteQuery(threadQueryOptions(other)) : null,
  ]);
}
