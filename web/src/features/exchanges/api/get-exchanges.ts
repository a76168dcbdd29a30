import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys, type ExchangeListFilters } from '../../../lib/query-keys';

/** GET /api/exchanges: the viewer's own exchanges, newest first; `userId` (the other party), `itemId`, `status` narrow. */
export function getExchanges(filters: ExchangeListFilters = {}): Promise<ExchangeView[]> {
  return apiGet<ExchangeView[]>('/api/exchanges', { ...filters });
}

export function exchangesQueryOptions(filters: ExchangeListFilters = {}) {
  return queryOptions({
    queryKey: queryKeys.exchanges.list(filters),
    queryFn: () => getExchanges(filters),
  });
}

export function useExchanges(
  filters: ExchangeListFilters = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...exchangesQueryOptions(filters), enabled });
}
