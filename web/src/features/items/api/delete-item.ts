import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshItems } from './refresh-items';

/** DELETE /api/items/:id (owner). */
export function deleteItem(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/items/${encodeURIComponent(id)}`);
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => refreshItems(queryClient) });
}
