import { useTranslation } from 'react-i18next';
import { AdminSubpage } from '../app/shell/admin-subpage';
import { ReportQueue } from '../features/reports/components/report-queue';
import { ReportSanctionActions } from '../features/sanctions/components/report-sanction-actions';

/** `/admin/reports`: the whole report queue with filters. Non-admins: 'Access Denied'. */
export default function AdminReportsRoute() {
  const { t } = useTranslation();
  return (
    <AdminSubpage title={t('adminReports.queueTitle')}>
      {() => <ReportQueue renderActions={(report) => <ReportSanctionActions report={report} />} />}
    </AdminSubpage>
  );
}
