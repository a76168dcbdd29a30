import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { usePageMeta } from '../hooks/use-page-meta';
import { PageSkeleton } from '../components/page-skeleton';
import { SubpageLayout } from '../components/subpage-layout';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { AccessDenied } from '../features/admin/components/access-denied';
import { ReportQueue } from '../features/reports/components/report-queue';
import { ReportSanctionActions } from '../features/sanctions/components/report-sanction-actions';

/** `/admin/reports`: the whole report queue with filters. Non-admins: 'Access Denied'. */
export default function AdminReportsRoute() {
  const { t } = useTranslation();
  usePageMeta({ title: t('adminReports.queueTitle') });
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <PageSkeleton />;
  if (user?.role !== 'admin') return <AccessDenied />;

  return (
    <SubpageLayout
      backTo={paths.admin}
      backLabel={t('admin.backToDashboard')}
      title={t('adminReports.queueTitle')}
    >
      <ReportQueue renderActions={(report) => <ReportSanctionActions report={report} />} />
    </SubpageLayout>
  );
}
