import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../hooks/use-online-status';

/**
 * Says the app is offline and what still works. The live region stays mounted so screen readers announce
 * the change when the connection drops.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
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
