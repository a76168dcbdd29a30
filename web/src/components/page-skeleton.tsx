import { useTranslation } from 'react-i18next';
import { Skeleton } from './ui/skeleton';

/**
 * Shown while a page's code is loading (routes are split per page). It is a screen tall, so the footer starts
 * below the fold and is not pushed down in view when the page arrives (layout shift).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto min-h-dvh max-w-6xl space-y-6 px-4 py-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="h-4 w-full max-w-xl" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-40 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
