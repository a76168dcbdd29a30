import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/pending-users: users waiting for approval, oldest first. */
export function getPendingUsers(): Promise<UserSelf[]> {
  return apiGet<UserSelf[]>('/api/admin/pending-users');
}

export function pendingUsersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.pendingUsers, queryFn: getPendingUsers });
}

export function usePendingUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingUsersQueryOptions(), enabled });
}
