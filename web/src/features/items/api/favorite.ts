import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/favorites/:id adds, DELETE removes (both idempotent, approved users only). */
export function setFavorite({ itemId, favorite }: { itemId: string; favorite: boolean }): Promise<unknown> {
  return apiRequest(favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(itemId)}`);
}

/** POST /api/items/:id/favorite: flips the favourite and answers the new state (item detail). */
export function toggleFavorite(itemId: string): Promise<{ isFavorited: boolean }> {
  return apiRequest<{ isFavorited: boolean }>('POST', `/api/items/${encodeURIComponent(itemId)}/favorite`);
}

/**
 * The heart's state lives in the card (applied at once, reverted by the caller on failure), so a success
 * only refreshes the favourites list and the item lists that carry `isFavorited`.
 */
function useRefreshFavorites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
      queryClient.invalidateQueries({ queryKey: queryKeys.items.all, refetchType: 'none' }),
    ]);
}

export function useSetFavorite() {
  const refresh = useRefreshFavorites();
  return useMutation({ mutationFn: setFavorite, onSuccess: refresh });
}

export function useToggleFavorite() {
  const refresh = useRefreshFavorites();
  return useMutation({ mutationFn: toggleFavorite, onSuccess: refresh });
}
