import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemRelistInput } from '@nomadswap/contracts/items';
import type { Item } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/items/:id/relist (owner) → the item listed again, or its deadline extended. */
export function relistItem({ id, ...body }: ItemRelistInput & { id: string }): Promise<Item> {
  return apiRequest<Item>('POST', `/api/items/${encodeURIComponent(id)}/relist`, body);
}

export function useRelistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: relistItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.items.all }),
  });
}
