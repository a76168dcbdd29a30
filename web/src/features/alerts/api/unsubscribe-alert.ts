import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertUnsubscribePreview, AlertUnsubscribeResult } from '@nomadswap/contracts/alerts';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { alertsKey } from './get-alerts';

const path = (token: string) => `/api/alerts/unsubscribe?${new URLSearchParams({ token }).toString()}`;

/** GET /api/alerts/unsubscribe?token=: what an e-mail's stop link would stop (changes nothing; public). */
export function getUnsubscribePreview(token: string): Promise<AlertUnsubscribePreview> {
  return apiGet<AlertUnsubscribePreview>(path(token));
}

export function useUnsubscribePreview(token: string) {
  return useQuery({
    queryKey: ['alerts', 'unsubscribe', token],
    queryFn: () => getUnsubscribePreview(token),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/alerts/unsubscribe?token=: stops that alert, signed in or not (idempotent). */
export function unsubscribeAlert(token: string): Promise<AlertUnsubscribeResult> {
  return apiRequest<AlertUnsubscribeResult>('POST', path(token));
}

export function useUnsubscribeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
