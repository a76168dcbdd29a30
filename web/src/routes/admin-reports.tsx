import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { AccessDenied } from '../features/admin/components/access-denied';
import { ReportQueue } from '../features/reports/components/report-queue';

/** `/admin/reports`: the whole report queue with filters. Non-admins: 'Access Denied'. */
export default function AdminReportsRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('adminReports.queueTitle') });
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSkeleton />;
  if (user?.role !== 'admin') return <AccessDenied />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:py-10">
      <div className="grid gap-3">
        <Link
          to={paths.admin}
          className="inline-flex w-fit items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('admin.backToDashboard')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminReports.queueTitle')}</h1>
      </div>
      <ReportQueue />
    </div>
  );
}
