import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetDeletedUser } from './forget-deleted-user';

/** DELETE /api/admin/users/:id: permanent; the admin's own account is refused (400). */
export function deleteAdminUser(userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_, userId) => forgetDeletedUser(queryClient, userId),
  });
}
