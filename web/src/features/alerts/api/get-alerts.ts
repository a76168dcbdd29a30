import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Alert } from '@nomadswap/contracts/alerts';
import { apiGet } from '../../../lib/api-client';

/** The query key of the signed-in user's alerts (only this feature reads or changes them). */
export const alertsKey = ['alerts'] as const;

/** GET /api/alerts: the signed-in user's city alerts, oldest first (issue 22). */
export function getAlerts(): Promise<Alert[]> {
  return apiGet<Alert[]>('/api/alerts');
}

export function alertsQueryOptions() {
  return queryOptions({ queryKey: alertsKey, queryFn: getAlerts });
}

export function useAlerts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...alertsQueryOptions(), enabled });
}
