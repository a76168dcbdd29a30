import { MSG } from '@nomadswap/contracts/messages';
import { MODERATION_MSG, type ReviewCreateInput } from '@nomadswap/contracts/moderation';
import type { Review } from '@nomadswap/contracts/responses';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@nomadswap/service-kit/errors';
import type { ModerationContext } from '../context';
import type { CompletedExchangeRecord } from '../data/completed-exchange';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReviewRecord } from '../data/review';
import { isDuplicateKey } from '@nomadswap/service-kit/errors';
import { hex, oid, op } from '../data/ids';
import { presentReviews } from './present-review';
import { isRevealed, revealDueAt, revealReviews } from './reveal-reviews';
import type { Viewer } from './viewer';

const noExchange = () =>
  new ForbiddenError(MSG.noCompletedExchange, {
    code: 'NO_COMPLETED_EXCHANGE',
    details: [{ field: 'revieweeId', message: MSG.noCompletedExchange }],
  });
const alreadyReviewed = () =>
  new ConflictError(MODERATION_MSG.reviewAlreadyExists, { code: 'REVIEW_EXISTS' });

/** The completed exchanges between the two, newest first. */
function exchangesBetween(ctx: ModerationContext, me: string, other: string) {
  return ctx.exchanges
    .find({
      $or: [
        { requesterId: oid(me), ownerId: oid(other) },
        { requesterId: oid(other), ownerId: oid(me) },
      ],
    })
    .sort({ completedAt: -1, _id: -1 })
    .lean<CompletedExchangeRecord[]>();
}

/**
 * The exchange this review is for: the named one (which must be between the two), else the newest one between
 * them that the reviewer has not reviewed yet.
 */
async function pickExchange(
  ctx: ModerationContext,
  props: { me: string; revieweeId: string; exchangeId?: string },
): Promise<CompletedExchangeRecord> {
  const exchanges = await exchangesBetween(ctx, props.me, props.revieweeId);
  if (props.exchangeId) {
    const named = exchanges.find((exchange) => hex(exchange._id) === props.exchangeId);
    if (!named) throw noExchange();
    return named;
  }
  if (!exchanges.length) throw noExchange();
  const reviewed = await ctx.reviews.distinct('exchangeId', {
    reviewerId: oid(props.me),
    exchangeId: op({ $in: exchanges.map((exchange) => exchange._id) }),
  });
  const done = new Set(reviewed.map((id) => String(id)));
  const open = exchanges.find((exchange) => !done.has(hex(exchange._id)));
  if (!open) throw alreadyReviewed();
  return open;
}

/**
 * A party of a completed exchange reviews the other party, once per exchange (a second → 409), never
 * themself, never a deleted user. The review stays hidden until the other party has reviewed the exchange too,
 * or 14 days after it completed; both are then revealed (review.created, so auth counts them in the ratings).
 */
export async function createReview(
  ctx: ModerationContext,
  props: { viewer: Viewer; input: ReviewCreateInput },
): Promise<Review> {
  const me = props.viewer.id;
  const { revieweeId, exchangeId, rating, comment } = props.input;
  if (revieweeId === me) {
    throw new ValidationError(MODERATION_MSG.cannotReviewSelf, {
      code: 'CANNOT_REVIEW_SELF',
      details: [{ field: 'revieweeId', message: MODERATION_MSG.cannotReviewSelf }],
    });
  }
  const reviewee = await ctx.users.findById(oid(revieweeId)).lean<ModerationUserRecord>();
  if (!reviewee || reviewee.deleted) throw new NotFoundError(MSG.userNotFound, { code: 'USER_NOT_FOUND' });
  const exchange = await pickExchange(ctx, { me, revieweeId, exchangeId });

  // Written hidden; review.created announces it when it is revealed (reveal-reviews.ts).
  const now = ctx.clock();
  let record: ReviewRecord;
  try {
    const created = await ctx.reviews.create({
      reviewerId: oid(me),
      revieweeId: oid(revieweeId),
      exchangeId: exchange._id,
      rating,
      comment,
      createdAt: now,
      revealedAt: null,
      revealDueAt: revealDueAt(exchange.completedAt),
    });
    record = created.toObject({ transform: false, flattenObjectIds: false, virtuals: false }) as ReviewRecord;
  } catch (error) {
    // A concurrent review of the same exchange by the same reviewer.
    if (isDuplicateKey(error)) throw alreadyReviewed();
    throw error;
  }
  // Revealed together: the other party reviewed this exchange already (read after my write, so of two reviews
  // written at once the second one's read sees the first), or its 14 days are up.
  const theirs = await ctx.reviews
    .findOne({ exchangeId: exchange._id, reviewerId: oid(revieweeId) })
    .lean<ReviewRecord>();
  if (theirs || isRevealed(record, now)) {
    await revealReviews(ctx, { reviews: theirs ? [record, theirs] : [record], now });
    record = { ...record, revealedAt: now };
  }
  const [review] = await presentReviews(ctx, [record]);
  return review!;
}
