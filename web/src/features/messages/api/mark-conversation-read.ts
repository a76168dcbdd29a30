import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationReadResponse } from '@nomadswap/contracts/messaging-responses';
import { apiRequest } from '../../../lib/api-client';
import { applyConversationRead } from './cache';

/** POST /api/conversations/:userId/read: marks what the other user sent as read (they see "Seen"). */
export function markConversationRead(userId: string): Promise<ConversationReadResponse> {
  return apiRequest<ConversationReadResponse>(
    'POST',
    `/api/conversations/${encodeURIComponent(userId)}/read`,
  );
}

export function useMarkConversationRead(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (result, userId) => applyConversationRead(queryClient, { viewerId, userId, result }),
  });
}
