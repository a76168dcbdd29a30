import type { StagedEvents } from '@nomadswap/service-kit/outbox';
import type { ModerationContext } from '../context';
import { hex, type Id } from '../data/ids';
import type { ReviewRecord } from '../data/review';

type ReviewPublisher = Pick<ModerationContext, 'bus' | 'reviews'>;

/**
 * `review.created` for a review being revealed, staged before the reveal's write (outbox): it counts in auth's
 * rating only once shown. Guarded by the reveal's token, so the relay sends it only if this reveal wrote it.
 */
export function stageReviewRevealed(
  ctx: ReviewPublisher,
  review: ReviewRecord,
  revealToken: Id,
): Promise<StagedEvents> {
  return ctx.bus.stage(
    { collection: ctx.reviews.collection.collectionName, id: review._id, exists: { revealToken } },
    [
      {
        type: 'review.created',
        data: {
          id: hex(review._id),
          reviewerId: hex(review.reviewerId),
          revieweeId: hex(review.revieweeId),
          exchangeId: hex(review.exchangeId),
          rating: review.rating,
        },
      },
    ],
  );
}

/** `review.deleted`, staged before the deletion (outbox), so auth's rating cannot miss it. */
export function stageReviewDeleted(ctx: ReviewPublisher, review: ReviewRecord): Promise<StagedEvents> {
  return ctx.bus.stage({ collection: ctx.reviews.collection.collectionName, id: review._id }, [
    {
      type: 'review.deleted',
      data: {
        id: hex(review._id),
        reviewerId: hex(review.reviewerId),
        revieweeId: hex(review.revieweeId),
        rating: review.rating,
      },
    },
  ]);
}
