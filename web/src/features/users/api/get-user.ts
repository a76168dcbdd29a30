import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPublic, UserSelf } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/users/:id (the server renderer reads it by the same path). */
export const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

/**
 * GET /api/users/:id: the public profile (UserSelf when it is the viewer or the viewer is an admin).
 * 403 `NOT_APPROVED` for viewers who are not approved, 404 'User Not Found'.
 */
export function getUser(userId: string): Promise<UserPublic | UserSelf> {
  return apiGet<UserPublic | UserSelf>(userPath(userId));
}

export function userQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.users.detail(userId), queryFn: () => getUser(userId) });
}

export function useUser(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(userId), enabled });
}
