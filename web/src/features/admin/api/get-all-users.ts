import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/all-users: every account, approved and pending. */
export function getAllUsers(): Promise<UserSelf[]> {
  return apiGet<UserSelf[]>('/api/admin/all-users');
}

export function allUsersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.allUsers, queryFn: getAllUsers });
}

export function useAllUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...allUsersQueryOptions(), enabled });
}
