import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** After an item is created, changed or deleted: lists, stats, favourites and the admin list may show it. */
export function refreshItems(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.items.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
  ]);
}
