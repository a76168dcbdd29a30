import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeActionResponse, ExchangeCancelInput } from '@nomadswap/contracts/exchanges';
import { apiRequest } from '../../../lib/api-client';
import { applyExchange } from '../../../lib/exchange-cache';

/**
 * The lifecycle calls that share one shape, `POST /api/exchanges/{id}/{action}` → `{exchange}` (one file for the
 * seven rather than seven copies): accept, decline (owner), withdraw (requester), cancel {reason} (either, once
 * accepted), confirm, dispute ("It didn't happen"), no-show (after the meetup), and accepting the other's meetup.
 */
export type ExchangeStepAction =
  | { action: 'accept' | 'decline' | 'withdraw' | 'confirm' | 'dispute' | 'no-show' | 'meetup/accept' }
  | { action: 'cancel'; body: ExchangeCancelInput };

export type ExchangeStepInput = ExchangeStepAction & { id: string };

export function actOnExchange(input: ExchangeStepInput): Promise<ExchangeActionResponse> {
  return apiRequest<ExchangeActionResponse>(
    'POST',
    `/api/exchanges/${encodeURIComponent(input.id)}/${input.action}`,
    'body' in input ? input.body : undefined,
  );
}

/** The answer is the exchange after the action: written into every list and card that shows it. */
export function useActOnExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnExchange,
    onSuccess: ({ exchange }) => applyExchange(queryClient, exchange),
  });
}
