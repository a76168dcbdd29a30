import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { SubpageLayout } from '../components/subpage-layout';
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
    <SubpageLayout backTo={paths.admin} backLabel={t('admin.backToDashboard')} title={t('auditLog.title')}>
      <AuditLogBrowser />
    </SubpageLayout>
  );
}
