import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemCreateInput } from '@nomadswap/contracts/items';
import type { Item } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { refreshItems } from './refresh-items';

/**
 * POST /api/items. `userId` is sent as the spec's call table says; the server ignores it and takes the
 * owner from the token.
 */
export function createItem(input: ItemCreateInput & { userId: string }): Promise<Item> {
  return apiRequest<Item>('POST', '/api/items', input);
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createItem, onSuccess: () => refreshItems(queryClient) });
}
