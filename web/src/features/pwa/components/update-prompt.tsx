import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

interface UpdatePromptProps {
  onReload: () => void;
  onDismiss: () => void;
  /** Signed-in phones have a fixed tab bar at the bottom: the prompt sits above it. */
  aboveTabBar?: boolean;
}

/**
 * "Update available — Reload": a new version's service worker is installed and waiting. Reload hands over
 * to it and reloads the page; Later keeps the current version until the next visit.
 */
export function UpdatePrompt({ onReload, onDismiss, aboveTabBar = false }: UpdatePromptProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="update-prompt-title"
      className={cn(
        'fixed inset-x-4 z-40 rounded-xl border bg-card p-4 shadow-lg md:inset-x-auto md:bottom-6 md:right-6 md:w-96',
        aboveTabBar
          ? 'bottom-[calc(5rem+env(safe-area-inset-bottom))]'
          : 'bottom-[calc(1rem+env(safe-area-inset-bottom))]',
      )}
    >
      <div className="flex items-start gap-3">
        <RefreshCw className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="text-sm">
            <h2 id="update-prompt-title" className="font-semibold">
              {t('pwa.update.title')}
            </h2>
            <p className="text-muted-foreground">{t('pwa.update.body')}</p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={onReload}>
              {t('pwa.update.reload')}
            </Button>
            <Button size="sm" variant="outline" onClick={onDismiss}>
              {t('pwa.update.dismiss')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
