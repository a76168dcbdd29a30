import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { Report } from '@nomadswap/contracts/responses';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, QuerySection, SectionLoading } from '../../../components/section-states';
import type { ReportPage } from '../api/get-reports';
import { ReportCard } from './report-card';

/** Reports with loading, error and 'All clear!' states. */
export function ReportList({
  query,
  limit,
  renderActions,
}: {
  query: UseQueryResult<ReportPage>;
  /** Show only the first n (the dashboard shows 5). */
  limit?: number;
  renderActions?: (report: Report) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QuerySection
      query={query}
      loading={<SectionLoading blocks={['h-36', 'h-36']} />}
      errorTitle={t('adminReports.loadFailed')}
      isEmpty={(page) => page.reports.length === 0}
      empty={
        <EmptyState
          icon={ShieldCheck}
          title={t('adminReports.allClear')}
          description={t('adminReports.allClearBody')}
        />
      }
    >
      {(page) => (
        <ul className="grid gap-3">
          {(limit ? page.reports.slice(0, limit) : page.reports).map((report) => (
            <li key={report.id}>
              <ReportCard report={report} renderActions={renderActions} />
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
