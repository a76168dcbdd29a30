import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportUpdateInput } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { reportsQueryKey } from './get-reports';

/** PUT /api/reports/:id (admin): open → resolved/dismissed; resolved/dismissed → open. */
export function updateReport({ id, ...input }: ReportUpdateInput & { id: string }): Promise<Report> {
  return apiRequest<Report>('PUT', `/api/reports/${encodeURIComponent(id)}`, input);
}

/** The report lists change, and the audit log gains the status change. */
export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]),
  });
}
