import { createContext, useContext, useSyncExternalStore } from 'react';
import { getAuthToken, subscribeToAuthToken } from '../lib/auth-token';

/**
 * The session a page rendered on the server is rendered for (early/entry-server.tsx): there is no localStorage
 * there, so the renderer names it. Never the token itself: nothing renders it, and the markup is sent to the user.
 */
export const ServerSessionContext = createContext<string | null>(null);

/** The stored auth token (or null), re-rendering when it is set or removed, in this tab or another. */
export function useAuthToken(): string | null {
  const serverSession = useContext(ServerSessionContext);
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => serverSession);
}
