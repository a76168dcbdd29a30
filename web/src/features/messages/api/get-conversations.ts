import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/messaging-limits';
import type { Conversation } from '@nomadswap/contracts/messaging-responses';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { conversationsPath } from './messages-paths';
import { messagesKeys } from './query-keys';

export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

/**
 * GET /api/conversations: one row per other participant (latest message, unread count, item, presence),
 * newest first, one page at a time. The list never downloads the messages themselves.
 */
export async function getConversations(before?: string): Promise<ConversationPage> {
  const { data, headers } = await apiRequestWithHeaders<Conversation[]>('GET', conversationsPath(before));
  return { conversations: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function conversationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: messagesKeys.conversations,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions(), enabled });
}
