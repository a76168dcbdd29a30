import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/messaging-limits';
import type { Message } from '@nomadswap/contracts/responses';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { threadPath } from './messages-paths';
import { messagesKeys } from './query-keys';

export interface MessagePage {
  /** Newest first, as the API sends them. */
  messages: Message[];
  nextCursor: string | null;
}

/** GET /api/messages?with=&before=&limit=: one conversation, newest page first; `before` pages back in time. */
export async function getMessages(withUserId: string, before?: string): Promise<MessagePage> {
  const { data, headers } = await apiRequestWithHeaders<Message[]>('GET', threadPath(withUserId, before));
  return { messages: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function threadQueryOptions(withUserId: string) {
  return infiniteQueryOptions({
    queryKey: messagesKeys.thread(withUserId),
    queryFn: ({ pageParam }) => getMessages(withUserId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useThread(withUserId: string) {
  return useInfiniteQuery(threadQueryOptions(withUserId));
}
