import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@nomadswap/contracts/headers';
import type { ListedItem } from '@nomadswap/contracts/responses';
import { apiRequestWithHeaders } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { browseItemsPath } from './items-paths';

export interface BrowseFilters {
  q?: string;
  category?: string;
  location?: string;
  /** Leaving soon (issue 22); newest first when absent. */
  sort?: 'leaving-soon';
  /** A city picked from the gazetteer (issue 22): it replaces the `location` text in the request. */
  placeId?: string;
  /** With `placeId`: items within this many km of the city's centre. */
  withinKm?: number;
}

export interface ItemsPage {
  /** Full items for approved users and owners; card views for visitors and unapproved users. */
  items: ListedItem[];
  nextCursor: string | null;
}

/**
 * GET /api/items: one page, newest first or leaving soon. Empty filters are left out (All Categories sends no
 * category); a picked city goes as `placeId` (+ `withinKm`), typed text as `location`, which the server matches
 * to a city. The server ignores the location for visitors and gives them at most 6 items.
 */
export async function getItemsPage(filters: BrowseFilters, cursor?: string): Promise<ItemsPage> {
  const { data, headers } = await apiRequestWithHeaders<ListedItem[]>(
    'GET',
    browseItemsPath(filters, cursor),
  );
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function browseItemsQueryOptions(filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.items.browse(filters),
    queryFn: ({ pageParam }) => getItemsPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useBrowseItems(filters: BrowseFilters) {
  return useInfiniteQuery(browseItemsQueryOptions(filters));
}
