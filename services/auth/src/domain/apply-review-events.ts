import mongoose from 'mongoose';
import type { EventData } from '@nomadswap/contracts/events';
import type { AuthCore } from '../context';
import { rawUsers } from '../db/user';
import { writeUserChange } from '../events/publish-user-events';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/** The average recomputed inside the same update as the sum and count it comes from (2 decimals). */
const recomputeRating = {
  $set: {
    rating: {
      $cond: [{ $gt: ['$ratingCount', 0] }, { $round: [{ $divide: ['$ratingSum', '$ratingCount'] }, 2] }, 0],
    },
  },
};

/** `applied`: what the user matches once the pipeline ran (the review id recorded), the guard of its event. */
async function applyPipeline(
  core: AuthCore,
  filter: { _id: mongoose.Types.ObjectId } & Record<string, unknown>,
  pipeline: Record<string, unknown>[],
  applied: Record<string, unknown>,
): Promise<void> {
  await writeUserChange(core, 'user.updated', { userId: filter._id, exists: applied }, () =>
    rawUsers(core.users).findOneAndUpdate(filter, pipeline, { returnDocument: 'after' }),
  );
}

/**
 * A review received: the reviewee's rating becomes the average of their reviews and their review count grows.
 * Applied once per review id (redelivery changes nothing), and not at all for a review already deleted.
 */
export async function applyReviewCreated(core: AuthCore, review: EventData<'review.created'>): Promise<void> {
  if (!OBJECT_ID.test(review.revieweeId)) return;
  await applyPipeline(
    core,
    {
      _id: new mongoose.Types.ObjectId(review.revieweeId),
      appliedReviewIds: { $ne: review.id },
      removedReviewIds: { $ne: review.id },
    },
    [
      {
        $set: {
          ratingSum: { $add: [{ $ifNull: ['$ratingSum', 0] }, review.rating] },
          ratingCount: { $add: [{ $ifNull: ['$ratingCount', 0] }, 1] },
          reviewCount: { $add: [{ $ifNull: ['$reviewCount', 0] }, 1] },
          appliedReviewIds: { $concatArrays: [{ $ifNull: ['$appliedReviewIds', []] }, [review.id]] },
          version: { $add: ['$version', 1] },
        },
      },
      recomputeRating,
    ],
    { appliedReviewIds: review.id },
  );
}

/**
 * A review deleted (by an admin): it no longer counts in the reviewee's average and count. A deletion that
 * arrives before its creation is remembered so the late creation is ignored.
 */
export async function applyReviewDeleted(core: AuthCore, review: EventData<'review.deleted'>): Promise<void> {
  if (!OBJECT_ID.test(review.revieweeId)) return;
  const _id = new mongoose.Types.ObjectId(review.revieweeId);
  await applyPipeline(
    core,
    { _id, appliedReviewIds: review.id },
    [
      {
        $set: {
          ratingSum: { $subtract: ['$ratingSum', review.rating] },
          ratingCount: { $max: [0, { $subtract: ['$ratingCount', 1] }] },
          reviewCount: { $max: [0, { $subtract: ['$reviewCount', 1] }] },
          appliedReviewIds: { $setDifference: ['$appliedReviewIds', [review.id]] },
          removedReviewIds: { $concatArrays: [{ $ifNull: ['$removedReviewIds', []] }, [review.id]] },
          version: { $add: ['$version', 1] },
        },
      },
      recomputeRating,
    ],
    { removedReviewIds: review.id },
  );
  // Never applied: only remember it, so a review.created still on its way does not count.
  await rawUsers(core.users).updateOne(
    { _id, appliedReviewIds: { $ne: review.id }, removedReviewIds: { $ne: review.id } },
    { $push: { removedReviewIds: review.id } },
  );
}
