import { useAfterLoadIdle } from '../../../hooks/use-after-load-idle';
import { useWaitingServiceWorker } from '../hooks/use-waiting-service-worker';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker (`/sw.js`) and shows the update prompt once a new version waits. The worker's
 * install downloads and stores the whole build (the precache): it starts once the page has loaded and the browser
 * is idle, so that it does not compete with the page's own start-up for the CPU and the connection.
 */
export function ServiceWorkerUpdate({ aboveTabBar }: { aboveTabBar: boolean }) {
  return useAfterLoadIdle() ? <RegisteredServiceWorker aboveTabBar={aboveTabBar} /> : null;
}

function RegisteredServiceWorker({ aboveTabBar }: { aboveTabBar: boolean }) {
  const [waiting, setWaiting] = useWaitingServiceWorker();
  if (!waiting) return null;
  const reload = () => {
    // The new worker claims this page when it activates (workbox `clientsClaim`); the page then reloads into it.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    // The message the generated worker waits for before it skips waiting (workbox's `SKIP_WAITING`).
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  return <UpdatePrompt onReload={reload} onDismiss={() => setWaiting(null)} aboveTabBar={aboveTabBar} />;
}
