import { useEffect } from 'react';

/**
 * On a page the gateway renders for a signed-in user (`/profile`, `/messages`): the browser's time zone is written
 * for its next load once the page is shown (lib/render-session-cookie.ts), so that a traveller whose phone changed
 * zone gets the page rendered in the new one next time. The module is loaded here, not imported: imported, every
 * page's app would list it among these pages' chunks to preload (a visitor's `/` downloads that list).
 */
export function useRememberRenderZone(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    import('../lib/render-session-cookie').then(
      (module) => module.rememberRenderZone(),
      () => undefined, // not loaded (offline, a new deploy): the next load gets the page's usual document
    );
  }, [signedIn]);
}
