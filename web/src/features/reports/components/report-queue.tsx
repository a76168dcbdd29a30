import { Pager } from '../../../components/ui/pager';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_URGENCIES,
  type ReportStatus,
  type ReportType,
  type ReportUrgency,
} from '@nomadswap/contracts/enums';
import { Label } from '../../../components/ui/label';
import { useReports } from '../api/get-reports';
import { ReportList } from './report-list-states';
import { NativeSelect } from '../../../components/ui/native-select';

const PAGE_SIZE = 20;

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The full report queue (`/admin/reports`): filters in the address, most urgent and newest first, paged. */
export function ReportQueue() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const status = pick<ReportStatus>(REPORT_STATUSES, search.get('status'));
  const type = pick<ReportType>(REPORT_TYPES, search.get('type'));
  const urgency = pick<ReportUrgency>(REPORT_URGENCIES, search.get('urgency'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const reports = useReports({ status, type, urgency, page, limit: PAGE_SIZE });
  const pages = reports.data ? Math.max(1, Math.ceil(reports.data.total / PAGE_SIZE)) : 1;

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next, { replace: true });
  };

  const filter = (
    key: string,
    label: string,
    values: readonly string[],
    current: string | undefined,
    labelOf: (value: string) => string,
  ) => (
    <div className="grid gap-1">
      <Label htmlFor={`filter-${key}`}>{label}</Label>
      <NativeSelect
        id={`filter-${key}`}

        value={current ?? ''}
        onChange={(event) => setParam(key, event.target.value)}
      >
        <option value="">{t('adminReports.filters.all')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {filter('status', t('adminReports.filters.status'), REPORT_STATUSES, status, (v) =>
          t(`adminReports.statuses.${v as ReportStatus}`),
        )}
        {filter('type', t('adminReports.filters.type'), REPORT_TYPES, type, (v) =>
          t(`report.types.${v as ReportType}`),
        )}
        {filter('urgency', t('adminReports.filters.urgency'), REPORT_URGENCIES, urgency, (v) =>
          t(`report.urgencies.${v as ReportUrgency}`),
        )}
      </div>
      {reports.data ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('adminReports.count', { count: reports.data.total })}
        </p>
      ) : null}
      <ReportList query={reports} />
      <Pager
        label={t('adminReports.pagination')}
        page={page}
        pages={pages}
        onPage={(next) => setParam('page', String(next))}
      />
    </div>
  );
}
