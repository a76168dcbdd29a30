import { EXCHANGE_LIMITS } from '@nomadswap/contracts/exchanges';
import type { ModerationContext } from '../context';
import type { ReviewRecord } from '../data/review';
import { hex, newId, op } from '../data/ids';
import { stageReviewRevealed } from '../events/publish-review-events';

/** Hidden reviews one sweep reveals at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** When the reviews of an exchange completed at `completedAt` show, whether or not both parties wrote one. */
export const revealDueAt = (completedAt: Date) =>
  new Date(completedAt.getTime() + EXCHANGE_LIMITS.reviewRevealMs);

/** Whether a review shows to others at `now`: revealed already, or its time is up (the sweeper may lag). */
export const isRevealed = (review: Pick<ReviewRecord, 'revealedAt' | 'revealDueAt'>, now: Date) =>
  !!review.revealedAt || review.revealDueAt <= now;

/** The filter of the reviews that show at `now` (see isRevealed). */
export const revealedFilter = (now: Date) => ({
  $or: [{ revealedAt: op({ $ne: null }) }, { revealDueAt: op({ $lte: now }) }],
});

/**
 * Reveals these reviews (those still hidden) in one write, so a pair is never left half revealed: each is marked
 * revealed and announced with review.created, so auth counts it in the reviewee's rating and review count from
 * now on. The events are staged before the write, guarded by this call's reveal token (sent if the write
 * happened, should the process die in between), and confirmed only for the reviews this call's write revealed:
 * two callers racing (the second review and the sweeper) announce a review once. Answers how many it revealed.
 */
export async function revealReviews(
  ctx: Pick<ModerationContext, 'bus' | 'reviews'>,
  props: { reviews: ReviewRecord[]; now: Date },
): Promise<number> {
  const hidden = props.reviews.filter((review) => !review.revealedAt);
  if (hidden.length === 0) return 0;
  const revealToken = newId();
  const staged = await Promise.all(hidden.map((review) => stageReviewRevealed(ctx, review, revealToken)));
  const ids = hidden.map((review) => review._id);
  await ctx.reviews.updateMany(
    { _id: op({ $in: ids }), revealedAt: null },
    { $set: { revealedAt: props.now, revealToken } },
  );
  const revealedHere = new Set(
    (
      await ctx.reviews
        .find({ _id: op({ $in: ids }), revealToken })
        .select({ _id: 1 })
        .lean()
    ).map((review) => hex(review._id)),
  );
  for (const [index, review] of hidden.entries()) {
    if (revealedHere.has(hex(review._id))) await staged[index]!.confirm();
    else await staged[index]!.cancel();
  }
  return revealedHere.size;
}

/**
 * The reveal sweeper's work (a repeatable job, src/jobs/review-reveals.ts): every hidden review whose 14 days
 * are up at `now` is revealed, though the other party never reviewed back. Answers how many it revealed.
 */
export async function revealDueReviews(
  ctx: Pick<ModerationContext, 'bus' | 'reviews'>,
  props: { now: Date },
): Promise<number> {
  const due = await ctx.reviews
    .find({ revealedAt: null, revealDueAt: op({ $lte: props.now }) })
    .sort({ revealDueAt: 1, _id: 1 })
    .limit(SWEEP_BATCH)
    .lean<ReviewRecord[]>();
  return revealReviews(ctx, { reviews: due, now: props.now });
}
