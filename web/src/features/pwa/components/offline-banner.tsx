import { useEffect, useRef } from 'react';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../../hooks/use-online-status';

/**
 * Says the app is offline and what still works. The live region stays mounted so screen readers announce
 * the change when the connection drops.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const ref = useBannerHeight();
  return (
    <div role="status" aria-live="polite" aria-atomic="true" ref={ref}>
      {online ? null : (
        <div className="border-b border-slate-700 bg-slate-800 text-white" data-testid="offline-banner">
          <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm">
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t('pwa.offline')}</span>
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * Publishes the banner's height as `--offline-banner-height` on the root: a page sized to the viewport (an open
 * chat on a phone) subtracts it, so the banner does not push the message box under the tab bar.
 */
function useBannerHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--offline-banner-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--offline-banner-height');
    };
  }, []);
  return ref;
}
