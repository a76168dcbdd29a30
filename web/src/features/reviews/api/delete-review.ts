import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/admin/reviews/:id (admins only). */
export function deleteReview(review: Pick<Review, 'id'>): Promise<unknown> {
  return apiRequest('DELETE', `/api/admin/reviews/${encodeURIComponent(review.id)}`);
}

/** The reviewee's list, rating and review count change, wherever they are shown. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Pick<Review, 'id' | 'revieweeId'>) => deleteReview(review),
    onSuccess: (_, review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.ofUser(review.revieweeId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(review.revieweeId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.user(review.revieweeId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]),
  });
}
