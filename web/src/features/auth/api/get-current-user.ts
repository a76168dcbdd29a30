import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiGet, isApiError } from '../../../lib/api-client';
import { clearAuthToken } from '../../../lib/auth-token';
import { queryKeys } from '../../../lib/query-keys';
import { useAuthToken } from '../../../hooks/use-auth-token';

export const currentUserQueryKey = queryKeys.currentUser;

/**
 * While the signed-in user waits for approval, `/api/auth/me` is asked again this often, so an admin's
 * approval shows in an open tab without a reload or a new login.
 */
export const APPROVAL_POLL_MS = 15_000;

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

function awaitsApproval(query: { state: { data: UserSelf | undefined } }): boolean {
  const user = query.state.data;
  return user !== undefined && !user.isApproved;
}

interface UseCurrentUserOptions {
  /**
   * Poll every {@link APPROVAL_POLL_MS} and refetch on window focus while the user is not approved yet.
   * Intervals belong to each observer, so only the app shell turns this on: one timer per tab.
   */
  watchApproval?: boolean;
}

/**
 * The signed-in user. The call is only made while a token is stored; without one the query stays idle and
 * `data` is undefined. After login/register, put the returned user in the cache with
 * `queryClient.setQueryData(currentUserQueryKey, user)` before storing the token.
 */
export function useCurrentUser({ watchApproval = false }: UseCurrentUserOptions = {}) {
  const token = useAuthToken();
  const query = useQuery({
    ...currentUserQueryOptions(),
    enabled: token !== null,
    refetchInterval: watchApproval ? (q) => (awaitsApproval(q) ? APPROVAL_POLL_MS : false) : false,
    // Data never goes stale (query defaults), so a focus refetch has to be forced with 'always'.
    refetchOnWindowFocus: watchApproval ? (q) => (awaitsApproval(q) ? 'always' : false) : false,
  });
  return {
    ...query,
    /** Null when signed out (no token, or the token was refused). */
    user: token !== null ? (query.data ?? null) : null,
  };
}
