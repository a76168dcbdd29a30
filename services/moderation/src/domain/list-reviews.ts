import { MSG } from '@nomadswap/contracts/messages';
import type { Review } from '@nomadswap/contracts/responses';
import { ForbiddenError } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { ReviewRecord } from '../data/review';
import { oid } from '../data/ids';
import { presentReviews } from './present-review';
import { revealedFilter } from './reveal-reviews';
import type { Viewer } from './viewer';

/** Most reviews one list shows: a profile reads them all, but the answer stays bounded. */
const MAX_REVIEWS = 500;

/**
 * The reviews `userId` received, newest first. Approved users and admins read anyone's; an unapproved user
 * only their own (they may not open other profiles). Users see revealed reviews only — the reviewee too, until
 * they reviewed back or 14 days passed; admins see every review, each with `isRevealed`.
 */
export async function listReviews(
  ctx: ModerationContext,
  props: { viewer: Viewer; userId: string },
): Promise<Review[]> {
  const { viewer } = props;
  if (!viewer.isApproved && viewer.role !== 'admin' && viewer.id !== props.userId) {
    throw new ForbiddenError(MSG.approvalRequired, { code: 'NOT_APPROVED' });
  }
  const records = await ctx.reviews
    .find({
      revieweeId: oid(props.userId),
      ...(viewer.role === 'admin' ? {} : revealedFilter(ctx.clock())),
    })
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_REVIEWS)
    .lean<ReviewRecord[]>();
  return presentReviews(ctx, records);
}
