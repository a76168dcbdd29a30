import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/approve-user/:id → the approved user (approvedAt, approvedBy recorded). */
export function approveUser(userId: string): Promise<UserSelf> {
  return apiRequest<UserSelf>('POST', `/api/admin/approve-user/${encodeURIComponent(userId)}`);
}

/** Refreshes the pending and all-users lists and the audit log; the user's own records take the answer as it is. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.admin.user(user.id), user);
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
      // Not awaited: the refreshed pending list removes the row (and its button) at once, and a caller's
      // per-call onSuccess (the 'User approved' toast) never runs for an unmounted component.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.pendingUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]);
    },
  });
}
