import { Download, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INSTALL_APP_ANCHOR } from '../../config/paths';
import { Button } from '../../components/ui/button';
import { useInstallPrompt } from '../../hooks/use-install-prompt';

/**
 * What the footer's "Mobile App" link leads to: NomadSwap is a PWA, so "the app" is this site installed
 * to the home screen. Chromium offers a one-tap install; elsewhere the steps are explained.
 */
export function InstallAppSection() {
  const { t } = useTranslation();
  const { canInstall, install, installed } = useInstallPrompt();

  return (
    <section
      id={INSTALL_APP_ANCHOR}
      tabIndex={-1}
      aria-labelledby="install-app-title"
      className="rounded-xl border bg-card p-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
          <Smartphone className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-2">
          <h2 id="install-app-title" className="text-base font-semibold">
            {t('footer.install.title')}
          </h2>
          {installed ? (
            <p className="text-sm text-muted-foreground">{t('footer.install.installed')}</p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t('footer.install.body')}</p>
              {canInstall ? (
                <Button size="sm" onClick={() => void install()}>
                  <Download aria-hidden="true" />
                  {t('footer.install.button')}
                </Button>
              ) : (
                <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                  <li>{t('footer.install.ios')}</li>
                  <li>{t('footer.install.android')}</li>
                </ul>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
