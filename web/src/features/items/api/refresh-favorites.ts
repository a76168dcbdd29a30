import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a heart changes: the heart's state lives in the card (applied at once, reverted by the caller on
 * failure), so only the favourites list refreshes now and the item lists that carry `isFavorited` are marked
 * stale for their next visit.
 */
export function refreshFavorites(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
    queryClient.invalidateQueries({ queryKey: queryKeys.items.all, refetchType: 'none' }),
  ]);
}
