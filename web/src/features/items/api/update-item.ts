import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemUpdateInput } from '@nomadswap/contracts/items';
import type { Item } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { refreshItems } from './refresh-items';

/** PUT /api/items/:id. `images` mixes kept image URLs and new data URLs, in display order. */
export function updateItem({ id, data }: { id: string; data: ItemUpdateInput }): Promise<Item> {
  return apiRequest<Item>('PUT', `/api/items/${encodeURIComponent(id)}`, data);
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSuccess: () => refreshItems(queryClient) });
}
