import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@nomadswap/contracts/responses';
import { setAuthToken } from '../../../lib/auth-token';
import { currentUserQueryKey } from './get-current-user';

/**
 * Signs the browser in with a login/register answer (spec section 4: token stored, current user cached).
 * The user goes into the cache first: storing the token enables the current-user query, which then finds
 * its data instead of asking `/api/auth/me` again.
 */
export function startSession(queryClient: QueryClient, { token, user }: AuthResponse): void {
  queryClient.setQueryData(currentUserQueryKey, user);
  setAuthToken(token);
}
