import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeCompleteResponse } from '@nomadswap/contracts/exchanges';
import type { ExchangeCompleteInput } from '@nomadswap/contracts/messaging';
import { apiRequest } from '../../../lib/api-client';
import { applyExchange } from '../../../lib/exchange-cache';
import { messagesKeys } from './query-keys';

/**
 * POST /api/exchanges/complete: confirms the caller's side of the swap (issue 20). `redirectTo` (the review page)
 * comes only when that completed it; otherwise it waits for the other person's confirmation.
 */
export function completeExchange(input: ExchangeCompleteInput): Promise<ExchangeCompleteResponse> {
  return apiRequest<ExchangeCompleteResponse>('POST', '/api/exchanges/complete', input);
}

export function useCompleteExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeExchange,
    // The swap's cards and lists, the item and the profile counts (when it completed) follow the answer.
    onSuccess: ({ exchange }) => {
      applyExchange(queryClient, exchange);
      return queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    },
  });
}
