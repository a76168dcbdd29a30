import type { ReactNode } from 'react';
import type { Report } from '@nomadswap/contracts/responses';
import { useTranslation } from 'react-i18next';
import {
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_URGENCIES,
  type ReportStatus,
  type ReportType,
  type ReportUrgency,
} from '@nomadswap/contracts/enums';
import { FilterSelect } from '../../../components/filter-select';
import { Pager } from '../../../components/ui/pager';
import { pageCount, useUrlFilters } from '../../../hooks/use-url-filters';
import { useReports } from '../api/get-reports';
import { ReportList } from './report-list-states';

const PAGE_SIZE = 20;

/** The full report queue (`/admin/reports`): filters in the address, most urgent and newest first, paged. */
export function ReportQueue({
  renderActions,
}: {
  /** More actions on each open report (the admin pages: the sanction buttons). */
  renderActions?: (report: Report) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { pick, setParam, page, setPage } = useUrlFilters();
  const status = pick<ReportStatus>('status', REPORT_STATUSES);
  const type = pick<ReportType>('type', REPORT_TYPES);
  const urgency = pick<ReportUrgency>('urgency', REPORT_URGENCIES);
  const reports = useReports({ status, type, urgency, page, limit: PAGE_SIZE });
  const allLabel = t('adminReports.filters.all');

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <FilterSelect
          id="filter-status"
          label={t('adminReports.filters.status')}
          allLabel={allLabel}
          values={REPORT_STATUSES}
          current={status}
          labelOf={(value) => t(`adminReports.statuses.${value}`)}
          onChange={(value) => setParam('status', value)}
        />
        <FilterSelect
          id="filter-type"
          label={t('adminReports.filters.type')}
          allLabel={allLabel}
          values={REPORT_TYPES}
          current={type}
          labelOf={(value) => t(`report.types.${value}`)}
          onChange={(value) => setParam('type', value)}
        />
        <FilterSelect
          id="filter-urgency"
          label={t('adminReports.filters.urgency')}
          allLabel={allLabel}
          values={REPORT_URGENCIES}
          current={urgency}
          labelOf={(value) => t(`report.urgencies.${value}`)}
          onChange={(value) => setParam('urgency', value)}
        />
      </div>
      {reports.data ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('adminReports.count', { count: reports.data.total })}
        </p>
      ) : null}
      <ReportList query={reports} renderActions={renderActions} />
      <Pager
        label={t('adminReports.pagination')}
        page={page}
        pages={pageCount(reports.data?.total, PAGE_SIZE)}
        onPage={setPage}
      />
    </div>
  );
}
