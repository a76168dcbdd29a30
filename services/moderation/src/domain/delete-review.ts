import { randomUUID } from 'node:crypto';
import { MODERATION_MSG } from '@nomadswap/contracts/moderation';
import type { ReviewDeleteResponse } from '@nomadswap/contracts/moderation-responses';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { ReviewRecord } from '../data/review';
import { hex, oid } from '../data/ids';
import { stageReviewDeleted } from '../events/publish-review-events';
import { recordAdminAction } from './record-admin-action';
import type { Viewer } from './viewer';

/**
 * An admin deletes a review: it disappears from the reviewee's list, review.deleted makes auth take it out of
 * the rating, and the audit log records who removed what.
 */
export async function deleteReview(
  ctx: ModerationContext,
  props: { viewer: Viewer; reviewId: string },
): Promise<ReviewDeleteResponse> {
  const notFound = () => new NotFoundError(MODERATION_MSG.reviewNotFound, { code: 'REVIEW_NOT_FOUND' });
  const record = await ctx.reviews.findById(oid(props.reviewId)).lean<ReviewRecord>();
  if (!record) throw notFound();
  const id = hex(record._id);
  const events = await stageReviewDeleted(ctx, record);
  const { deletedCount } = await ctx.reviews.deleteOne({ _id: record._id });
  if (deletedCount === 0) {
    await events.cancel();
    throw notFound();
  }
  await events.confirm();
  await recordAdminAction(ctx, {
    id: randomUUID(),
    actorId: props.viewer.id,
    action: 'review.deleted',
    target: { type: 'review', id },
    at: new Date().toISOString(),
    before: {
      reviewerId: hex(record.reviewerId),
      revieweeId: hex(record.revieweeId),
      exchangeId: hex(record.exchangeId),
      rating: record.rating,
      comment: record.comment,
    },
  });
  return { message: 'Review deleted', id };
}
