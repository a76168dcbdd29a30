import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a user is deleted: their records leave the cache, the admin lists refresh, and so do item and review
 * lists, since the deletion cascades to their items and reviews.
 */
export function forgetDeletedUser(queryClient: QueryClient, userId: string): Promise<unknown> {
  queryClient.removeQueries({ queryKey: queryKeys.admin.user(userId) });
  queryClient.removeQueries({ queryKey: queryKeys.users.detail(userId) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.pendingUsers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.items.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
  ]);
}
