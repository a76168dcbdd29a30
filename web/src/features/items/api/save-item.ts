import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemCreateInput, ItemUpdateInput } from '@nomadswap/contracts/items';
import type { Item } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/items. `userId` is sent as the spec's call table says; the server ignores it and takes the
 * owner from the token.
 */
export function createItem(input: ItemCreateInput & { userId: string }): Promise<Item> {
  return apiRequest<Item>('POST', '/api/items', input);
}

/** PUT /api/items/:id. `images` mixes kept image URLs and new data URLs, in display order. */
export function updateItem({ id, data }: { id: string; data: ItemUpdateInput }): Promise<Item> {
  return apiRequest<Item>('PUT', `/api/items/${encodeURIComponent(id)}`, data);
}

/** DELETE /api/items/:id (owner). */
export function deleteItem(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/items/${encodeURIComponent(id)}`);
}

/** Lists, stats, favourites and the admin list all may show the item, so all of them refresh. */
function useRefreshItems() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.items.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.favorites }),
    ]);
}

export function useCreateItem() {
  const refresh = useRefreshItems();
  return useMutation({ mutationFn: createItem, onSuccess: refresh });
}

export function useUpdateItem() {
  const refresh = useRefreshItems();
  return useMutation({ mutationFn: updateItem, onSuccess: refresh });
}

export function useDeleteItem() {
  const refresh = useRefreshItems();
  return useMutation({ mutationFn: deleteItem, onSuccess: refresh });
}
