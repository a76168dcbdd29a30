import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeToAuthToken } from '../lib/auth-token';

/** The server render under way (see renderingForSession) and the session it is for; null in the browser. */
let serverRender: { session: string | null } | null = null;

/**
 * Runs `render` (a synchronous renderToString of early/entry-server.tsx) with `session` as the token pages see:
 * there is no localStorage on the server. Never the token itself: nothing renders it, and the markup is sent.
 */
export function renderingForSession<T>(session: string | null, render: () => T): T {
  serverRender = { session };
  try {
    return render();
  } finally {
    serverRender = null;
  }
}

/**
 * What the server rendered with: its session, or — when the browser hydrates such markup (boot.tsx) — the stored
 * token, as the page is hydrated only for the session it was rendered for (early/session-gate.js).
 */
const serverSnapshot = () => (serverRender ? serverRender.session : getAuthToken());

/** The stored auth token (or null), re-rendering when it is set or removed, in this tab or another. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, serverSnapshot);
}
