import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

/** How often an open tab asks for a new version (travellers keep the app open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (`/sw.js`, registerType 'prompt') and shows the update prompt once a new
 * version waits. In development the plugin serves no worker, so this stays silent.
 */
export function ServiceWorkerUpdate({ aboveTabBar }: { aboveTabBar: boolean }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page's load event: the precache (the whole built app) must not compete with the first render.
    immediate: false,
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });

  if (!needRefresh) return null;
  const reload = () => {
    // workbox-window reloads only when this page was already controlled when it loaded; a first visit that
    // stays open until the next deploy would otherwise press Reload and see nothing happen.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void updateServiceWorker(true);
  };
  return <UpdatePrompt onReload={reload} onDismiss={() => setNeedRefresh(false)} aboveTabBar={aboveTabBar} />;
}
