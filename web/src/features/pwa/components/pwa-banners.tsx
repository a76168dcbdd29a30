import { usePrivateCacheReset } from '../hooks/use-private-cache-reset';
import { InstallBanner } from './install-banner';
import { OfflineBanner } from './offline-banner';
import { ServiceWorkerUpdate } from './service-worker-update';

/** What the app shell mounts under the header: offline and install banners, the update prompt. */
export function PwaBanners({ aboveTabBar }: { aboveTabBar: boolean }) {
  usePrivateCacheReset();
  return (
    <>
      <OfflineBanner />
      <InstallBanner aboveTabBar={aboveTabBar} />
      <ServiceWorkerUpdate aboveTabBar={aboveTabBar} />
    </>
  );
}
