import type { ReactNode } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { PenLine, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Exchange } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { EmptyState, SectionError } from '../../../components/section-states';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { reviewsQueryOptions } from '../api/get-reviews';

interface PendingReviewsProps {
  viewerId: string;
  exchangesQuery: UseQueryResult<Exchange[]>;
  /** Shows the exchange partner (photo and name) for a user id. */
  renderPartner: (userId: string) => ReactNode;
}

/**
 * Completed exchanges the viewer has not reviewed yet (spec section 4): the partner is the owner when the
 * viewer requested the exchange, otherwise the requester. Whether a review exists is read from the
 * partner's received reviews, one request per partner.
 */
export function PendingReviews({ viewerId, exchangesQuery, renderPartner }: PendingReviewsProps) {
  const { t, i18n } = useTranslation();
  const completed = (exchangesQuery.data ?? []).filter((exchange) => exchange.status === 'completed');
  const partnerOf = (exchange: Exchange) =>
    exchange.requesterId === viewerId ? exchange.ownerId : exchange.requesterId;
  const partners = [...new Set(completed.map(partnerOf))];

  const reviews = useQueries({
    queries: partners.map((partnerId) => reviewsQueryOptions(partnerId)),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      isFetching: results.some((result) => result.isFetching),
      reviewedExchangeIds: new Set(
        results.flatMap((result) =>
          (result.data ?? [])
            .filter((review) => review.reviewerId === viewerId)
            .map((review) => review.exchangeId),
        ),
      ),
      refetch: () => Promise.all(results.map((result) => result.refetch())),
    }),
  });

  if (exchangesQuery.isPending || (exchangesQuery.isSuccess && reviews.isPending)) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('common.loading')}
        </span>
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-16 rounded-xl" />
      </div>
    );
  }
  if (exchangesQuery.isError || reviews.isError) {
    return (
      <SectionError
        title={t('reviews.pendingLoadFailed')}
        onRetry={() => void (exchangesQuery.isError ? exchangesQuery.refetch() : reviews.refetch())}
        retrying={exchangesQuery.isFetching || reviews.isFetching}
      />
    );
  }

  const pending = completed.filter((exchange) => !reviews.reviewedExchangeIds.has(exchange.id));
  if (pending.length === 0) {
    return (
      <EmptyState
        icon={Star}
        title={t('reviews.pendingEmptyTitle')}
        description={t('reviews.pendingEmptyDescription')}
      />
    );
  }
  return (
    <ul className="grid gap-3">
      {pending.map((exchange) => {
        const partnerId = partnerOf(exchange);
        return (
          <li
            key={exchange.id}
            className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid gap-1">
              {renderPartner(partnerId)}
              <span className="text-xs text-muted-foreground">
                {t('reviews.swapCompletedOn', { date: formatDate(exchange.createdAt, i18n.language) })}
              </span>
            </div>
            <Link to={paths.review(partnerId)} className={buttonVariants({ size: 'sm' })}>
              <PenLine aria-hidden="true" />
              {t('reviews.leaveReview')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
