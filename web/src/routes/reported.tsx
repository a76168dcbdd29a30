import { CheckCircle2, Home, Search, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { buttonVariants } from '../components/ui/button';
import { usePageMeta } from '../hooks/use-page-meta';

const BULLETS = ['review', 'confidential', 'contact', 'action'] as const;

/** `/reported`: the thank-you page after a report (spec section 2). */
export default function ReportedRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('reported.pageTitle') });
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10 text-center sm:py-16">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <ShieldCheck aria-hidden="true" className="size-8" />
      </span>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('reported.title')}</h1>
        <p className="text-muted-foreground">{t('reported.body')}</p>
      </div>
      <ul className="grid gap-2 rounded-xl border bg-card p-4 text-left text-sm shadow-sm">
        {BULLETS.map((bullet) => (
          <li key={bullet} className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t(`reported.bullets.${bullet}`)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <Link to={paths.home} className={buttonVariants()}>
          <Home aria-hidden="true" />
          {t('reported.home')}
        </Link>
        <Link to={paths.browse} className={buttonVariants({ variant: 'outline' })}>
          <Search aria-hidden="true" />
          {t('reported.browse')}
        </Link>
      </div>
    </div>
  );
}
