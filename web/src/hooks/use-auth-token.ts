import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeToAuthToken } from '../lib/auth-token';

/** The stored auth token (or null), re-rendering when it is set or removed, in this tab or another. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => null);
}
