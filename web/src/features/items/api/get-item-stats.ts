import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemStats } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/items/stats: available items per location text. */
export function getItemStats(): Promise<ItemStats> {
  return apiGet<ItemStats>('/api/items/stats');
}

export function itemStatsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.items.stats, queryFn: getItemStats });
}

export function useItemStats() {
  return useQuery(itemStatsQueryOptions());
}

/**
 * The count shown for a city (spec section 2, Home): the first location key that contains the city name,
 * case-insensitively, else 0.
 */
export function countForCity(stats: ItemStats | undefined, city: string): number {
  if (!stats) return 0;
  const needle = city.toLocaleLowerCase();
  const key = Object.keys(stats.locationCounts).find((location) =>
    location.toLocaleLowerCase().includes(needle),
  );
  return key === undefined ? 0 : (stats.locationCounts[key] ?? 0);
}

/**
 * The count of one city by its label ('Bangkok, Thailand'): items in a picked or matched city store its label
 * as their location (issue 22), so the label names exactly that place's items; 0 when none.
 */
export function countForPlaceLabel(stats: ItemStats | undefined, label: string): number {
  return stats?.locationCounts[label] ?? 0;
}
