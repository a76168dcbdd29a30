import type { Review } from '@nomadswap/contracts/responses';
import type { ModerationContext } from '../context';
import type { ModerationUserRecord } from '../data/moderation-user';
import type { ReviewRecord } from '../data/review';
import { hex, oid, op } from '../data/ids';
import { isRevealed } from './reveal-reviews';

/**
 * Reviews as the API shows them, each saying whether it is revealed (now, by the context's clock); a reviewer who
 * is unknown or deleted is null ("Deleted user" in the web).
 */
export async function presentReviews(
  ctx: Pick<ModerationContext, 'users' | 'clock'>,
  records: ReviewRecord[],
): Promise<Review[]> {
  const ids = [...new Set(records.map((record) => hex(record.reviewerId)))];
  const users = await ctx.users
    .find({ _id: op({ $in: ids.map(oid) }), deleted: false })
    .lean<ModerationUserRecord[]>();
  const byId = new Map(users.map((user) => [hex(user._id), user]));
  const now = ctx.clock();
  return records.map((record) => {
    const reviewer = byId.get(hex(record.reviewerId));
    return {
      id: hex(record._id),
      reviewerId: hex(record.reviewerId),
      revieweeId: hex(record.revieweeId),
      exchangeId: hex(record.exchangeId),
      rating: record.rating,
      comment: record.comment,
      createdAt: record.createdAt.toISOString(),
      isRevealed: isRevealed(record, now),
      reviewer: reviewer
        ? {
            id: hex(reviewer._id),
            fullName: reviewer.fullName,
            username: reviewer.username,
            avatar: reviewer.avatar,
          }
        : null,
    };
  });
}
