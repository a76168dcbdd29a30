import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsKey } from './get-alerts';

/** DELETE /api/alerts/:id: the owner stops one of their alerts. */
export function deleteAlert(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/alerts/${encodeURIComponent(id)}`);
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
