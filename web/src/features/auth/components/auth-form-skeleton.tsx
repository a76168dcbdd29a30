import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';

/** Shown while a stored token is checked, before deciding between the form and a redirect home. */
export function AuthFormSkeleton({ fields }: { fields: number }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5" aria-busy="true">
      <span className="sr-only" role="status">
        {t('common.loading')}
      </span>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
