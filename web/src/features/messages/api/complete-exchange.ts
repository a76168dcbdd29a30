import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeCompleteInput } from '@nomadswap/contracts/messaging';
import type { ExchangeCompleteResponse } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { messagesKeys } from './query-keys';

/** POST /api/exchanges/complete: records the swap; the answer names where to go next (the review page). */
export function completeExchange(input: ExchangeCompleteInput): Promise<ExchangeCompleteResponse> {
  return apiRequest<ExchangeCompleteResponse>('POST', '/api/exchanges/complete', input);
}

export function useCompleteExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeExchange,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.exchanges }),
        queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
        // The completed-swap count on profiles and a swapped item change through events.
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.items.all, refetchType: 'none' }),
      ]),
  });
}
