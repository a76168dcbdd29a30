import { useState } from 'react';
import { Download, Share, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { INSTALL_BANNER_DISMISSED_KEY } from '../../../config/storage-keys';
import { useInstallPrompt } from '../../../hooks/use-install-prompt';
import { cn } from '../../../lib/utils';

/**
 * iPhone and iPad Safari have no install prompt event: they get the Add-to-Home-Screen steps instead. On the
 * server (src/early/entry-server.tsx) there is no navigator: not iOS (the banner is fixed over the page, so its arrival
 * with the app's first render moves nothing).
 */
export function isIos(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  return /iphone|ipad|ipod/i.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: the banner just comes back next visit.
  }
}

/**
 * "Install NomadSwap": offered when the browser can install the app (`beforeinstallprompt`) or on iOS, until
 * the traveller installs it or closes the banner (remembered). The footer's Mobile App section stays.
 */
export function InstallBanner({ aboveTabBar = false }: { aboveTabBar?: boolean }) {
  const { t } = useTranslation();
  const { canInstall, install, installed } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(readDismissed);
  const ios = isIos();

  if (installed || dismissed || !(canInstall || ios)) return null;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="install-banner-title"
      // Fixed at the bottom, over the page: it arrives after the first paint (when the browser offers the install)
      // and must not push the page down (Lighthouse measured CLS 0.167 when it sat in the flow under the header).
      className={cn(
        'fixed inset-x-0 z-40 border-t bg-secondary text-secondary-foreground shadow-lg',
        aboveTabBar
          ? 'bottom-[calc(4rem+env(safe-area-inset-bottom))] md:bottom-0'
          : 'bottom-0 pb-[env(safe-area-inset-bottom)]',
      )}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm">
        {canInstall ? (
          <Download className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        ) : (
          <Share className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 space-y-2 sm:flex sm:items-center sm:gap-4 sm:space-y-0">
          <div className="min-w-0 flex-1">
            <h2 id="install-banner-title" className="font-semibold">
              {t('pwa.install.title')}
            </h2>
            <p>{canInstall ? t('pwa.install.body') : t('pwa.install.iosBody')}</p>
          </div>
          {canInstall ? (
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void install()}>
                {t('pwa.install.button')}
              </Button>
              <Button size="sm" variant="outline" onClick={dismiss}>
                {t('pwa.install.dismiss')}
              </Button>
            </div>
          ) : null}
        </div>
        <Button
          size="icon"
          variant="ghost"
          className="-my-1 size-9"
          onClick={dismiss}
          aria-label={t('pwa.install.close')}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
