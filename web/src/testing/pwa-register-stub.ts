import { useState } from 'react';

/**
 * Stands in for vite-plugin-pwa's `virtual:pwa-register/react` in unit tests (the plugin, which generates
 * it, is not part of the test build): no worker, so no update is ever waiting.
 */
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: async () => {} };
}
