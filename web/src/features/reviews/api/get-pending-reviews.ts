import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingReview } from '@nomadswap/contracts/moderation-responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under `reviews`, so anything refreshing reviews refreshes the pending list too. */
export const pendingReviewsQueryKey = [...queryKeys.reviews.all, 'pending'] as const;

/** GET /api/reviews/pending: my completed exchanges I have not reviewed yet, newest first. */
export function getPendingReviews(): Promise<PendingReview[]> {
  return apiGet<PendingReview[]>('/api/reviews/pending');
}

export function pendingReviewsQueryOptions() {
  return queryOptions({ queryKey: pendingReviewsQueryKey, queryFn: getPendingReviews });
}

export function usePendingReviews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingReviewsQueryOptions(), enabled });
}
