import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshItems } from './refresh-items';

/** DELETE /api/admin/items/:id (admins delete any item). */
export function deleteItemAsAdmin(itemId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/items/${encodeURIComponent(itemId)}`);
}

/** Every item list may contain the item (a user's items, favourites, browse), so all of them refresh. */
export function useDeleteItemAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItemAsAdmin,
    onSuccess: () => refreshItems(queryClient),
  });
}
