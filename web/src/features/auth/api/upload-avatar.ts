import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSelf } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/users/:id/avatar with the resized photo as a data URL; answers the updated user. */
export function uploadAvatar({ userId, avatar }: { userId: string; avatar: string }): Promise<UserSelf> {
  return apiRequest<UserSelf>('POST', `/api/users/${encodeURIComponent(userId)}/avatar`, { avatar });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      queryClient.setQueryData(queryKeys.users.detail(user.id), user);
    },
  });
}
