import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapCountInput } from '@nomadswap/contracts/auth';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/admin/users/:userId/swap-count {reviewCount} → the updated user; 400 'Invalid input'. */
export function updateSwapCount({
  userId,
  reviewCount,
}: { userId: string } & SwapCountInput): Promise<UserSelf> {
  return apiRequest<UserSelf>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/swap-count`, {
    reviewCount,
  });
}

export function useUpdateSwapCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSwapCount,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.admin.user(user.id), user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(user.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.allUsers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]);
    },
  });
}
