import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FAVORITES_PATH } from './items-paths';

/** GET /api/favorites: the signed-in user's favourited items. */
export function getFavorites(): Promise<Item[]> {
  return apiGet<Item[]>(FAVORITES_PATH);
}

export function favoritesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.favorites, queryFn: getFavorites });
}

export function useFavorites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...favoritesQueryOptions(), enabled });
}
