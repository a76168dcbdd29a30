import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertCreateInput } from '@nomadswap/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';
import { alertsKey } from './get-alerts';

/** POST /api/alerts: saves an alert (the same city and category again answers the one already saved). */
export function createAlert(input: AlertCreateInput): Promise<Alert> {
  return apiRequest<Alert>('POST', '/api/alerts', input);
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
