import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreateInput } from '@nomadswap/contracts/moderation';
import type { Review } from '@nomadswap/contracts/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { pendingReviewsQueryKey } from './get-pending-reviews';

/** POST /api/reviews: only a party of a completed exchange with the reviewee, once per exchange. */
export function createReview(input: ReviewCreateInput): Promise<Review> {
  return apiRequest<Review>('POST', '/api/reviews', input);
}

/** The reviewee's reviews and rating change; my pending reviews lose that exchange. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (_, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.ofUser(input.revieweeId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(input.revieweeId) }),
        queryClient.invalidateQueries({ queryKey: pendingReviewsQueryKey }),
      ]),
  });
}
