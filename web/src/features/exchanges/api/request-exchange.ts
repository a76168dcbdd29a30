import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRequestInput } from '@nomadswap/contracts/exchanges';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { apiRequest } from '../../../lib/api-client';
import { applyExchange } from '../../../lib/exchange-cache';

/**
 * POST /api/exchanges: ask the owner for an item, with a message and up to 3 of one's own items offered. A retry
 * for the same item answers the open request already made (200).
 */
export function requestExchange(input: ExchangeRequestInput): Promise<ExchangeView> {
  return apiRequest<ExchangeView>('POST', '/api/exchanges', input);
}

/** The request joins the viewer's cached lists (the item's requests, the chat's cards, the Swaps tab). */
export function useRequestExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExchange,
    onSuccess: (exchange) => applyExchange(queryClient, exchange),
  });
}
