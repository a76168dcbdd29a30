import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users/:id: one account with its e-mail and approval record; 404 'User Not Found'. */
export function getAdminUser(userId: string): Promise<UserSelf> {
  return apiGet<UserSelf>(`/api/admin/users/${encodeURIComponent(userId)}`);
}

export function adminUserQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.admin.user(userId), queryFn: () => getAdminUser(userId) });
}

export function useAdminUser(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminUserQueryOptions(userId), enabled });
}
