/**
 * The session token lives in `localStorage.authToken` (spec section 3). Reads and writes go through this
 * module so that components can subscribe to changes (login, logout, a 401, or another tab signing out).
 * A copy goes into a cookie sent only with the documents of the pages the gateway can render for a signed-in user
 * (`/profile`, `/messages`; gateway/src/ssr.ts): written and removed with the stored token.
 */
import { AUTH_TOKEN_KEY } from '@nomadswap/contracts/early-paint';

export { AUTH_TOKEN_KEY };

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored token, or null. Storage can be unavailable (private mode, blocked cookies): then null. */
export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The render cookie follows the token (lib/render-session-cookie.ts, loaded then: visitors never download it). */
export function syncRenderSessionCookie(token: string | null): Promise<void> {
  return import('./render-session-cookie').then(
    (module) => module.writeRenderSessionCookie(token),
    () => undefined, // not loaded (offline, a new deploy): the page renders in the browser, as before
  );
}

export function setAuthToken(token: string): void {
  try {
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    void syncRenderSessionCookie(token);
  } finally {
    notify();
  }
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } finally {
    void syncRenderSessionCookie(null);
    notify();
  }
}

/** Subscribe to token changes in this tab and in other tabs. Returns the unsubscribe function. */
export function subscribeToAuthToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
