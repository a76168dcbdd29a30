import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;
const inBrowser = () => false;
const inServerMarkup = () => true;

/**
 * True when this render makes markup on the server (early/entry-server.tsx) or hydrates such markup in the browser
 * (boot.tsx), where the first render must produce exactly what the server did; false in every other browser render.
 * React re-renders with false right after hydrating.
 */
export function useServerMarkup(): boolean {
  return useSyncExternalStore(subscribeToNothing, inBrowser, inServerMarkup);
}
