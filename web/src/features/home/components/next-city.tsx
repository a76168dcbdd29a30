import type { ReactNode } from 'react';
import { ArrowRight, PlaneLanding } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Stay } from '@nomadswap/contracts/stays';
import { paths } from '../../../config/paths';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatStayDate, stayCity } from '../../../lib/stays';

/**
 * The signed-in home's line about the user's next stay (issue 22): "Arriving in Bangkok on 20 Dec: 14 items
 * there now" with a link to browse that city. `count` is undefined while the stats load; `action` is what the
 * page adds beside the link (the alert button, from the alerts feature).
 */
export function NextCity({
  next,
  count,
  action,
}: {
  next: NonNullable<Stay['next']>;
  count: number | undefined;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const city = stayCity(next.location);
  const date = formatStayDate(next.from, next.timezone, i18n.language);
  return (
    <section
      aria-label={t('stays.nextCity')}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-2 text-sm font-medium">
        <PlaneLanding className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {count === undefined ? <Skeleton className="h-4 w-64" /> : t('stays.arriving', { city, date, count })}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {action}
        <Link
          to={paths.browseIn(next.location, next.placeId ?? undefined)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('stays.browseCity', { city })}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
