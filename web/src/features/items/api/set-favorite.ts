import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshFavorites } from './refresh-favorites';

/** POST /api/favorites/:id adds, DELETE removes (both idempotent, approved users only). */
export function setFavorite({ itemId, favorite }: { itemId: string; favorite: boolean }): Promise<unknown> {
  return apiRequest(favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(itemId)}`);
}

export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setFavorite, onSuccess: () => refreshFavorites(queryClient) });
}
