import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { userItemsPath } from './items-paths';

/** GET /api/items?userId=: the items a user listed, swapped ones included. */
export function getUserItems(userId: string): Promise<Item[]> {
  return apiGet<Item[]>(userItemsPath(userId));
}

export function userItemsQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.items.byUser(userId), queryFn: () => getUserItems(userId) });
}

export function useUserItems(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userItemsQueryOptions(userId), enabled });
}
