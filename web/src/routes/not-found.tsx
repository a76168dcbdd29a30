import { Compass, House, Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { buttonVariants } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';

/** Any path the router does not know (spec section 2). */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('errors.notFoundPageTitle') });
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{t('errors.notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('errors.notFoundBody')}</p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to={paths.home} className={buttonVariants()}>
          <House aria-hidden="true" />
          {t('errors.goHome')}
        </Link>
        <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
          <Search aria-hidden="true" />
          {t('errors.browse')}
        </Link>
      </div>
    </div>
  );
}
