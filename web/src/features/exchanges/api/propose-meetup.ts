import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeActionResponse, ExchangeMeetupInput } from '@nomadswap/contracts/exchanges';
import { apiRequest } from '../../../lib/api-client';
import { applyExchange } from '../../../lib/exchange-cache';

/** PUT /api/exchanges/{id}/meetup: a future time and a public place; the other party accepts it (a change, again). */
export function proposeMeetup({
  id,
  ...meetup
}: ExchangeMeetupInput & { id: string }): Promise<ExchangeActionResponse> {
  return apiRequest<ExchangeActionResponse>('PUT', `/api/exchanges/${encodeURIComponent(id)}/meetup`, meetup);
}

export function useProposeMeetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeMeetup,
    onSuccess: ({ exchange }) => applyExchange(queryClient, exchange),
  });
}
