import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery } from '@nomadswap/contracts/moderation';
import type { AuditEntry } from '@nomadswap/contracts/moderation-responses';
import { apiRequestWithHeaders, withQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AuditLogPage {
  entries: AuditEntry[];
  total: number;
}

/** GET /api/admin/audit-log (admin): newest first, one page, the total in `X-Total-Count`. */
export async function getAuditLog(query: AuditLogQuery = {}): Promise<AuditLogPage> {
  const { data, headers } = await apiRequestWithHeaders<AuditEntry[]>(
    'GET',
    withQuery('/api/admin/audit-log', query),
  );
  const total = Number(headers.get('X-Total-Count'));
  return { entries: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function auditLogQueryOptions(query: AuditLogQuery = {}) {
  return queryOptions({
    queryKey: [...queryKeys.auditLog, query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditLogQuery = {}) {
  return useQuery(auditLogQueryOptions(query));
}
