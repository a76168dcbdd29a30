import { useRegisterSW } from 'virtual:pwa-register/react';
import { useAfterLoadIdle } from '../../../hooks/use-after-load-idle';
import { UpdatePrompt } from './update-prompt';

/** How often an open tab asks for a new version (travellers keep the app open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (`/sw.js`, registerType 'prompt') and shows the update prompt once a new
 * version waits. In development the plugin serves no worker, so this stays silent. The worker's install
 * downloads and stores the whole build (the precache): it starts once the page has loaded and the browser is
 * idle, so that it does not compete with the page's own start-up for the CPU and the connection.
 */
export function ServiceWorkerUpdate({ aboveTabBar }: { aboveTabBar: boolean }) {
  return useAfterLoadIdle() ? <RegisteredServiceWorker aboveTabBar={aboveTabBar} /> : null;
}

function RegisteredServiceWorker({ aboveTabBar }: { aboveTabBar: boolean }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Mounted after the load event already (see above); workbox would otherwise wait for it.
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
