import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** DELETE /api/blocks/:userId: lifts a block. */
export function unblockUser(userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/blocks/${encodeURIComponent(userId)}`);
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
      ]),
  });
}
