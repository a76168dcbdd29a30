import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@nomadswap/contracts/messaging-responses';
import { apiGet } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/**
 * GET /api/messages/unread-count: the first value (and again after every reconnect); afterwards each incoming
 * `message:new` adds one and socket `unread:count` (after a read, at connect) sets it.
 */
export function getUnreadCount(): Promise<UnreadCount> {
  return apiGet<UnreadCount>('/api/messages/unread-count');
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: messagesKeys.unreadCount, queryFn: getUnreadCount });
}

export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
