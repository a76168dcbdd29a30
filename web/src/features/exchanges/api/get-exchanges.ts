import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Exchange } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/exchanges: the signed-in user's exchanges, as requester or owner. */
export function getExchanges(): Promise<Exchange[]> {
  return apiGet<Exchange[]>('/api/exchanges');
}

export function exchangesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.exchanges, queryFn: getExchanges });
}

export function useExchanges({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...exchangesQueryOptions(), enabled });
}
