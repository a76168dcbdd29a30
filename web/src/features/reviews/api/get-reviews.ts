import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@nomadswap/contracts/responses';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { reviewsPath } from './reviews-paths';

/** GET /api/reviews/:userId: the reviews a user received, each with its reviewer. */
export function getReviews(userId: string): Promise<Review[]> {
  return apiGet<Review[]>(reviewsPath(userId));
}

export function reviewsQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.reviews.ofUser(userId), queryFn: () => getReviews(userId) });
}

export function useReviews(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewsQueryOptions(userId), enabled });
}
