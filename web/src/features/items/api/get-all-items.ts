import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/all-items: every item, swapped ones and photo states included (admins only). */
export function getAllItems(): Promise<Item[]> {
  return apiGet<Item[]>('/api/admin/all-items');
}

export function allItemsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.items.adminAll, queryFn: getAllItems });
}

export function useAllItems({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...allItemsQueryOptions(), enabled });
}
