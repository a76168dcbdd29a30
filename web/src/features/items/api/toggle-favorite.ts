import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshFavorites } from './refresh-favorites';

/** POST /api/items/:id/favorite: flips the favourite and answers the new state (item detail). */
export function toggleFavorite(itemId: string): Promise<{ isFavorited: boolean }> {
  return apiRequest<{ isFavorited: boolean }>('POST', `/api/items/${encodeURIComponent(itemId)}/favorite`);
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleFavorite, onSuccess: () => refreshFavorites(queryClient) });
}
