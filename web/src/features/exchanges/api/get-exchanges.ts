import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExchangeView } from '@nomadswap/contracts/messaging-responses';
import { apiGet } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { queryKeys, type ExchangeListFilters } from '../../../lib/query-keys';

/** GET /api/exchanges with `filters` (the server renderer reads it by the same path). */
export const exchangesPath = (filters: ExchangeListFilters = {}) =>
  withQuery('/api/exchanges', { ...filters });

/** GET /api/exchanges: the viewer's own exchanges, newest first; `userId` (the other party), `itemId`, `status` narrow. */
export function getExchanges(filters: ExchangeListFilters = {}): Promise<ExchangeView[]> {
  return apiGet<ExchangeView[]>(exchangesPath(filters));
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
