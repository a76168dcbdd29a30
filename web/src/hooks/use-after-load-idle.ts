import { useEffect, useState } from 'react';

/** How long an idle callback may wait for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `callback` once the page has loaded and the browser is idle (`requestIdleCallback`, or a timer where
 * there is none). For start-up work that no first paint needs: registering the service worker (whose precache
 * downloads and stores the whole build), the toast region, the home city menu. Returns a cancel function.
 */
export function afterLoadIdle(callback: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(callback, 1);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}

/** False until the page has loaded and the browser was idle once (see afterLoadIdle); then true for good. */
export function useAfterLoadIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterLoadIdle(() => setIdle(true)), []);
  return idle;
}
