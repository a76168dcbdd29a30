import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { AccessDenied } from '../features/admin/components/access-denied';
import { AuditLogBrowser } from '../features/audit-log/components/audit-log-browser';

/** `/admin/audit-log`: every admin action, read-only. Non-admins: 'Access Denied'. */
export default function AdminAuditLogRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('auditLog.title') });
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
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('auditLog.title')}</h1>
      </div>
      <AuditLogBrowser />
    </div>
  );
}
