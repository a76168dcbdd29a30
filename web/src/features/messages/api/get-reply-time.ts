import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyTime } from '@nomadswap/contracts/messaging-responses';
import { apiGet } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** GET /api/messaging/users/{id}/reply-time: how fast someone usually answers in chat (null until 3 replies). */
export function getReplyTime(userId: string): Promise<ReplyTime> {
  return apiGet<ReplyTime>(`/api/messaging/users/${encodeURIComponent(userId)}/reply-time`);
}

export function replyTimeQueryOptions(userId: string) {
  // The server caches it for 10 minutes; asking again sooner would show the same figure.
  return queryOptions({
    queryKey: messagesKeys.replyTime(userId),
    queryFn: () => getReplyTime(userId),
    staleTime: 10 * 60 * 1000,
  });
}

export function useReplyTime(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...replyTimeQueryOptions(userId), enabled });
}
