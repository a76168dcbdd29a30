import type { ReactNode } from 'react';
import type { Report } from '@nomadswap/contracts/responses';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { Badge } from '../../../components/ui/badge';
import { useReports } from '../api/get-reports';
import { ReportList } from './report-list-states';

export const DASHBOARD_REPORTS = 5;

/** Reports Submitted on the admin dashboard: the first 5 (most urgent, newest) and '+N more reports'. */
export function ReportsSection({
  renderActions,
}: {
  /** More actions on each open report (the admin pages: the sanction buttons). */
  renderActions?: (report: Report) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const reports = useReports({ limit: 20 });
  const more = reports.data ? Math.max(0, reports.data.total - DASHBOARD_REPORTS) : 0;
  const open = reports.data?.reports.filter((report) => report.status === 'open').length;

  return (
    <section aria-labelledby="reports-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="reports-title" className="text-xl font-semibold tracking-tight">
            {t('adminReports.title')}
          </h2>
          {open !== undefined ? (
            <Badge variant={open > 0 ? 'warning' : 'secondary'}>{reports.data?.total}</Badge>
          ) : null}
        </div>
        <Link
          to={paths.adminReports}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('adminReports.viewQueue')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ReportList query={reports} limit={DASHBOARD_REPORTS} renderActions={renderActions} />
      {more > 0 ? (
        <Link to={paths.adminReports} className="text-sm font-medium text-primary hover:underline">
          {t('adminReports.more', { count: more })}
        </Link>
      ) : null}
    </section>
  );
}
