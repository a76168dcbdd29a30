import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { itemPath } from './items-paths';

/** GET /api/items/:id: approved users, and owners for their own items (403 NOT_APPROVED otherwise). */
export function getItem(id: string): Promise<Item> {
  return apiGet<Item>(itemPath(id));
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.items.detail(id), queryFn: () => getItem(id) });
}

export function useItem(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...itemQueryOptions(id), enabled });
}
