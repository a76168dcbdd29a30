import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

/** How often an open tab asks for a new version (travellers keep the app open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (`/sw.js`, registerType 'prompt') and shows the update prompt once a new
 * version waits. In development the plugin serves no worker, so this stays silent.
 */
export function ServiceWorkerUpdate() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <UpdatePrompt onReload={() => void updateServiceWorker(true)} onDismiss={() => setNeedRefresh(false)} />
  );
}
