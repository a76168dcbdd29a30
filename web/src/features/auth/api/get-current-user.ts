import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiGet, isApiError } from '../../../lib/api-client';
import { clearAuthToken } from '../../../lib/auth-token';
import { useAuthToken } from '../../../hooks/use-auth-token';

export const currentUserQueryKey = ['auth', 'me'] as const;

/** GET /api/auth/me. A 401 means the stored token is no longer valid, so it is removed (spec section 8). */
export async function getCurrentUser(): Promise<UserSelf> {
  try {
    return await apiGet<UserSelf>('/api/auth/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) clearAuthToken();
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

/**
 * The signed-in user. The call is only made while a token is stored; without one the query stays idle and
 * `data` is undefined. After login/register, put the returned user in the cache with
 * `queryClient.setQueryData(currentUserQueryKey, user)`.
 */
export function useCurrentUser() {
  const token = useAuthToken();
  const query = useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
  return {
    ...query,
    /** Null when signed out (no token, or the token was refused). */
    user: token !== null ? (query.data ?? null) : null,
  };
}
