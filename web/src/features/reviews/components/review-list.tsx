import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MessageSquareQuote, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Review } from '@nomadswap/contracts/responses';
import { paths } from '../../../config/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, QuerySection, SectionLoading } from '../../../components/section-states';
import { StarRating } from '../../../components/star-rating';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { errorText } from '../../../i18n/message-text';
import { toast } from '../../../hooks/use-toast';
import { useDeleteReview } from '../api/delete-review';

interface ReviewListProps {
  query: UseQueryResult<Review[]>;
  /** Reviewer names link to their profiles only for approved viewers (spec section 2, Profile). */
  linkReviewers: boolean;
  /** Admins get a delete button per review. */
  canDelete?: boolean;
  emptyDescription?: string;
}

/** Reviews received, newest first as the API sends them, with loading, empty and error states. */
export function ReviewList({ query, linkReviewers, canDelete = false, emptyDescription }: ReviewListProps) {
  const { t } = useTranslation();

  return (
    <QuerySection
      query={query}
      loading={
        <SectionLoading>
          {[0, 1].map((n) => (
            <div key={n} className="flex gap-3 rounded-xl border bg-card p-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
              </div>
            </div>
          ))}
        </SectionLoading>
      }
      errorTitle={t('reviews.loadFailed')}
      isEmpty={(reviews) => reviews.length === 0}
      empty={
        <EmptyState
          icon={MessageSquareQuote}
          title={t('reviews.emptyTitle')}
          description={emptyDescription ?? t('reviews.emptyDescription')}
        />
      }
    >
      {(reviews) => (
        <ul className="grid gap-3">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} linkReviewer={linkReviewers} canDelete={canDelete} />
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}

function ReviewCard({
  review,
  linkReviewer,
  canDelete,
}: {
  review: Review;
  linkReviewer: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation();
  const reviewer = review.reviewer;
  const name = reviewer?.fullName ?? t('reviews.formerMember');

  return (
    <article className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar src={reviewer?.avatar} name={name} className="size-10" />
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
          {reviewer && linkReviewer ? (
            <Link
              to={paths.user(reviewer.id)}
              className="truncate rounded font-semibold hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {name}
            </Link>
          ) : (
            <span className="truncate font-semibold">{name}</span>
          )}
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <StarRating rating={review.rating} />
            <time dateTime={review.createdAt}>{formatDate(review.createdAt, i18n.language)}</time>
          </div>
        </div>
        {canDelete ? <DeleteReviewButton review={review} reviewerName={name} /> : null}
      </div>
      <p className="whitespace-pre-line text-sm wrap-anywhere">{review.comment}</p>
    </article>
  );
}

function DeleteReviewButton({ review, reviewerName }: { review: Review; reviewerName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const deleteReview = useDeleteReview();

  const onConfirm = () =>
    deleteReview.mutate(review, {
      onSuccess: () => toast({ title: t('reviews.deleted'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('common.error'),
          description: errorText(t, error, t('reviews.deleteFailed')),
          variant: 'destructive',
        }),
      onSettled: () => setOpen(false),
    });

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-destructive hover:text-destructive"
        onClick={() => setOpen(true)}
        aria-label={t('reviews.deleteReviewBy', { name: reviewerName })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('reviews.deleteConfirmTitle')}
        description={t('reviews.deleteConfirmBody', { name: reviewerName })}
        confirmLabel={t('reviews.deleteConfirm')}
        pendingLabel={t('common.deleting')}
        pending={deleteReview.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
