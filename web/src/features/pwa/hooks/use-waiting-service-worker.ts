import { useEffect, useState } from 'react';

/** The worker vite-plugin-pwa builds (web/vite.config.ts, `filename`). */
const SW_URL = '/sw.js';
/** How often an open tab asks for a new version (travellers keep the app open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and returns the new version's worker once one is installed and waiting (the
 * build's `registerType: 'prompt'`: a deploy waits until the traveller presses Reload), with a setter to forget
 * it. Plain `navigator.serviceWorker` rather than workbox-window (issue 25: 2.5 KiB more for `/` to download while
 * loading, for the dozen lines below). Production builds only: the dev server serves no worker.
 */
export function useWaitingServiceWorker() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let checks: number | undefined;
    // Only an update waits: a first install has no older version to replace and takes over at once.
    const offer = (worker: ServiceWorker | null) => {
      if (!cancelled && worker && navigator.serviceWorker.controller) setWaiting(worker);
    };
    navigator.serviceWorker
      .register(SW_URL, { scope: '/' })
      .then((registration) => {
        if (cancelled) return;
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing);
          });
        });
        checks = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      // A browser that refuses the worker (private mode, a policy) still runs the app, online only.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      window.clearInterval(checks);
    };
  }, []);
  return [waiting, setWaiting] as const;
}
