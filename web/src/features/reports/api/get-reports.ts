import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportListQuery } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import { apiRequestWithHeaders, withQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const reportsQueryKey = queryKeys.reports;

export interface ReportPage {
  reports: Report[];
  /** All reports matching the filters (`X-Total-Count`). */
  total: number;
}

/** GET /api/reports (admin): most urgent first, newest first within one urgency; one page. */
export async function getReports(query: ReportListQuery = {}): Promise<ReportPage> {
  const { data, headers } = await apiRequestWithHeaders<Report[]>('GET', withQuery('/api/reports', query));
  const total = Number(headers.get('X-Total-Count'));
  return { reports: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function reportsQueryOptions(query: ReportListQuery = {}) {
  return queryOptions({
    queryKey: [...reportsQueryKey, query],
    queryFn: () => getReports(query),
    placeholderData: keepPreviousData,
  });
}

export function useReports(query: ReportListQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reportsQueryOptions(query), enabled });
}
