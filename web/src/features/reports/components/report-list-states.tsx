import { ShieldCheck } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Report } from '@nomadswap/contracts/responses';
import { EmptyState, SectionError } from '../../../components/section-states';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ReportPage } from '../api/get-reports';
import { ReportCard } from './report-card';

/** Reports with loading, error and 'All clear!' states. */
export function ReportList({
  query,
  limit,
}: {
  query: UseQueryResult<ReportPage>;
  /** Show only the first n (the dashboard shows 5). */
  limit?: number;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common.loading')}
        </span>
        {[0, 1].map((n) => (
          <Skeleton key={n} className="h-36 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <SectionError
        title={t('adminReports.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const reports: Report[] = limit ? query.data.reports.slice(0, limit) : query.data.reports;
  if (reports.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title={t('adminReports.allClear')}
        description={t('adminReports.allClearBody')}
      />
    );
  }
  return (
    <ul className="grid gap-3">
      {reports.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}
