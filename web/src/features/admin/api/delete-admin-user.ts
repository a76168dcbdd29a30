import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetDeletedUser } from './forget-deleted-user';

/** DELETE /api/admin/users/:id: permanent; the admin's own account is refused (400). */
export function deleteAdminUser(userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`);
}

/**
 * `onDeleted` runs before the cache forgets the user, so a page showing that user can leave first: refetching a
 * user who no longer exists would turn the page into 'User Not Found' and unmount the caller before a callback
 * passed to `mutate` could run.
 */
export function useDeleteAdminUser({ onDeleted }: { onDeleted?: (userId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_, userId) => {
      onDeleted?.(userId);
      return forgetDeletedUser(queryClient, userId);
    },
  });
}
