import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSanctionViews } from './create-sanction';

/** DELETE /api/admin/users/:id/sanctions/current → 204; 404 when nothing is in force. */
export function liftSanction(userId: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}/sanctions/current`);
}

export function useLiftSanction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSanction,
    onSuccess: (_done, userId) => invalidateSanctionViews(queryClient, userId),
  });
}
