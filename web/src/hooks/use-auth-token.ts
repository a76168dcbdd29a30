import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeToAuthToken } from '../lib/auth-token';

/** The session a page is rendered for on the server (see renderingForSession); null in the browser. */
let serverSession: string | null = null;

/**
 * Runs `render` (a synchronous renderToString of early/entry-server.tsx) with `session` as the token pages see:
 * there is no localStorage on the server. Never the token itself: nothing renders it, and the markup is sent.
 */
export function renderingForSession<T>(session: string | null, render: () => T): T {
  serverSession = session;
  try {
    return render();
  } finally {
    serverSession = null;
  }
}

/** The stored auth token (or null), re-rendering when it is set or removed, in this tab or another. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => serverSession);
}
