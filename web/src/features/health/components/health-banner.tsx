import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import { summarizeHealth, useHealth } from '../api/get-health';

/**
 * 'System Status:' banner (spec section 2, Shell). Hidden while all checks pass; shown when the health call
 * fails or reports something down, with an API and a Database indicator. The live region stays mounted so
 * screen readers announce the banner when it appears.
 */
export function HealthBanner() {
  const { t } = useTranslation();
  const health = useHealth();

  // A failed poll wins over older good data: the gateway did not answer this time.
  const summary = summarizeHealth(health.isError ? undefined : health.data);
  const visible = health.isError || (health.isSuccess && !(summary.api && summary.database));

  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div className="border-b border-amber-200 bg-warning text-warning-foreground">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm">
            <span className="font-semibold">{t('health.title')}</span>
            <Indicator label={t('health.api')} up={summary.api} />
            <Indicator label={t('health.database')} up={summary.database} />
            <span className="basis-full text-xs sm:basis-auto">{t('health.hint')}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Indicator({ label, up }: { label: string; up: boolean }) {
  const { t } = useTranslation();
  const Icon = up ? CircleCheck : CircleX;
  return (
    <span className="inline-flex items-center gap-1.5 font-medium" data-state={up ? 'up' : 'down'}>
      <Icon className={cn('size-4', up ? 'text-emerald-600' : 'text-red-600')} aria-hidden="true" />
      {label}
      <span className="sr-only">: {up ? t('health.up') : t('health.down')}</span>
    </span>
  );
}
