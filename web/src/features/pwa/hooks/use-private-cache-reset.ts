import { useEffect } from 'react';
import { getAuthToken, subscribeToAuthToken } from '../../../lib/auth-token';

/**
 * The service worker's runtime caches of API answers (web/vite.config.ts). The signed-in user, the browse and
 * item answers (which carry the viewer's favourites and own swapped items) and their conversations and messages
 * must not outlive the session that fetched them: nobody signing in next on this browser sees them. Photos are
 * public and stay.
 */
export const VIEWER_DEPENDENT_CACHES = ['nomadswap-browse', 'nomadswap-session', 'nomadswap-messages'];

export async function clearViewerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(VIEWER_DEPENDENT_CACHES.map((name) => caches.delete(name)));
}

/** Deletes the viewer-dependent caches whenever the signed-in user changes: sign-out, sign-in, a 401. */
export function usePrivateCacheReset(): void {
  useEffect(() => {
    let token = getAuthToken();
    return subscribeToAuthToken(() => {
      const next = getAuthToken();
      if (next === token) return;
      token = next;
      void clearViewerCaches();
    });
  }, []);
}
