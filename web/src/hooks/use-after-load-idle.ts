import { useEffect, useState } from 'react';

/** How long an idle callback may wait for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Calls `callback` when the browser is idle (`requestIdleCallback`, at the latest after `timeout` ms), or after a
 * timer where there is no idle callback. Returns a cancel function.
 */
export function onIdle(callback: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 1);
  return () => window.clearTimeout(id);
}

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
    cancelIdle = onIdle(callback, IDLE_TIMEOUT_MS);
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
