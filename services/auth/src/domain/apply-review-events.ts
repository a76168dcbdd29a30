import type { EventData } from '@nomadswap/contracts/events';
import type { AuthCore } from '../context';
import { isId, toId } from '../data/ids';
import { writeUserChange } from '../events/publish-user-events';

/**
 * A review received: the reviewee's rating becomes the average of their reviews and their review count grows.
 * Applied once per review id (redelivery changes nothing), and not at all for a review already deleted.
 */
export async function applyReviewCreated(core: AuthCore, review: EventData<'review.created'>): Promise<void> {
  if (!isId(review.revieweeId)) return;
  const revieweeId = toId(review.revieweeId);
  // Once counted, the reviewee carries the review's id: the guard of the event.
  await writeUserChange(
    core,
    'user.updated',
    { userId: revieweeId, exists: { appliedReviewIds: review.id } },
    () => core.users.addReview(revieweeId, review),
  );
}

/**
 * A review deleted (by an admin): it no longer counts in the reviewee's average and count. A deletion that
 * arrives before its creation is remembered so the late creation is ignored.
 */
export async function applyReviewDeleted(core: AuthCore, review: EventData<'review.deleted'>): Promise<void> {
  if (!isId(review.revieweeId)) return;
  const revieweeId = toId(review.revieweeId);
  await writeUserChange(
    core,
    'user.updated',
    { userId: revieweeId, exists: { removedReviewIds: review.id } },
    () => core.users.removeReview(revieweeId, review),
  );
  // Never applied: only remember it, so a review.created still on its way does not count.
  await core.users.rememberRemovedReview(revieweeId, review.id);
}
