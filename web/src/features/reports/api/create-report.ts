import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportCreateInput } from '@nomadswap/contracts/moderation';
import type { Report } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from './get-reports';

/** POST /api/reports: signed in or anonymous; rate-limited per client. */
export function createReport(input: ReportCreateInput): Promise<Report> {
  return apiRequest<Report>('POST', '/api/reports', input);
}

/** An admin on the same device sees the new report in the queue. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}
