import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetDeletedUser } from './forget-deleted-user';

/** DELETE /api/users/:id (admins only; the all-users page uses it): permanent; own account refused. */
export function deleteUser(userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/users/${encodeURIComponent(userId)}`);
}

/**
 * `onDeleted` runs before the cache forgets the user, so a page showing that user can leave first: refetching a
 * user who no longer exists would turn the page into 'User Not Found' and unmount the caller before a callback
 * passed to `mutate` could run.
 */
export function useDeleteUser({ onDeleted }: { onDeleted?: (userId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, userId) => {
      onDeleted?.(userId);
      return forgetDeletedUser(queryClient, userId);
    },
  });
}
