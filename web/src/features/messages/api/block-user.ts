import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Block } from '@nomadswap/contracts/messaging-responses';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** POST /api/blocks/:userId: no messages, typing or presence either way until unblocked. */
export function blockUser(userId: string): Promise<Block> {
  return apiRequest<Block>('POST', `/api/blocks/${encodeURIComponent(userId)}`);
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
      ]),
  });
}
