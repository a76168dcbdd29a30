import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/items/:id/toggle-swapped (owner) → the item with its new `isSwapped`. */
export function toggleSwapped(id: string): Promise<Item> {
  return apiRequest<Item>('POST', `/api/items/${encodeURIComponent(id)}/toggle-swapped`);
}

export function useToggleSwapped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSwapped,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.items.all }),
  });
}
