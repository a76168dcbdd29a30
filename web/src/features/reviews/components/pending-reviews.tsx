import { PenLine, Star } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState, QuerySection, SectionLoading } from '../../../components/section-states';
import { Avatar } from '../../../components/ui/avatar';
import { buttonVariants } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { usePendingReviews } from '../api/get-pending-reviews';

/**
 * Completed exchanges the viewer has not reviewed yet (spec section 4), as the moderation service computes
 * them (`GET /api/reviews/pending`), each with a Leave a Review button for that exchange.
 */
export function PendingReviews() {
  const { t, i18n } = useTranslation();
  const query = usePendingReviews();

  return (
    <QuerySection
      query={query}
      loading={<SectionLoading blocks={['h-16', 'h-16']} />}
      errorTitle={t('reviews.pendingLoadFailed')}
      isEmpty={(pendings) => pendings.length === 0}
      empty={
        <EmptyState
          icon={Star}
          title={t('reviews.pendingEmptyTitle')}
          description={t('reviews.pendingEmptyDescription')}
        />
      }
    >
      {(pendings) => (
        <ul className="grid gap-3">
          {pendings.map((pending) => (
            <li
              key={pending.exchangeId}
              className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Avatar
                  src={pending.otherUser.avatar}
                  name={pending.otherUser.fullName}
                  className="size-10"
                />
                <div className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{pending.otherUser.fullName}</span>
                  {pending.item ? (
                    <span className="truncate text-sm text-muted-foreground">{pending.item.title}</span>
                  ) : null}
                  <span className="text-xs text-muted-foreground">
                    {t('reviews.swapCompletedOn', { date: formatDate(pending.completedAt, i18n.language) })}
                  </span>
                  {pending.otherReviewed ? (
                    <span className="text-sm font-medium text-primary">
                      {t('reviews.otherReviewed', { name: pending.otherUser.fullName })}
                    </span>
                  ) : null}
                </div>
              </div>
              <Link
                to={`${paths.review(pending.otherUser.id)}?${new URLSearchParams({ exchange: pending.exchangeId }).toString()}`}
                className={buttonVariants({ size: 'sm' })}
                aria-label={t('reviews.leaveReviewFor', { name: pending.otherUser.fullName })}
              >
                <PenLine aria-hidden="true" />
                {t('reviews.leaveReview')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
