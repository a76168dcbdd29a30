import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetDeletedUser } from './forget-deleted-user';

/** DELETE /api/users/:id (admins only; the all-users page uses it): permanent; own account refused. */
export function deleteUser(userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, userId) => forgetDeletedUser(queryClient, userId),
  });
}
