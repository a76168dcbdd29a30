import type { PendingReview } from '@nomadswap/contracts/moderation-responses';
import type { ModerationContext } from '../context';
import type { CompletedExchangeRecord } from '../data/completed-exchange';
import type { ModerationItemRecord } from '../data/moderation-item';
import type { ModerationUserRecord } from '../data/moderation-user';
import { hex, oid, op } from '../data/ids';
import type { Viewer } from './viewer';

const MAX_EXCHANGES = 500;

/**
 * My completed exchanges that I have not reviewed yet, newest first, each with the other party (the owner when
 * I was the requester, else the requester) and whether they have reviewed me for it. Exchanges with a deleted or unknown user are left out.
 */
export async function listPendingReviews(
  ctx: ModerationContext,
  props: { viewer: Viewer },
): Promise<PendingReview[]> {
  const me = oid(props.viewer.id);
  const exchanges = await ctx.exchanges
    .find({ $or: [{ requesterId: me }, { ownerId: me }] })
    .sort({ completedAt: -1, _id: -1 })
    .limit(MAX_EXCHANGES)
    .lean<CompletedExchangeRecord[]>();
  if (!exchanges.length) return [];
  const reviewed = new Set(
    (
      await ctx.reviews.distinct('exchangeId', {
        reviewerId: me,
        exchangeId: op({ $in: exchanges.map((exchange) => exchange._id) }),
      })
    ).map((id) => String(id)),
  );
  const open = exchanges.filter((exchange) => !reviewed.has(hex(exchange._id)));
  // Those the other party reviewed me for: "{name} reviewed you — leave yours to see it".
  const reviewedMe = new Set(
    (
      await ctx.reviews.distinct('exchangeId', {
        revieweeId: me,
        exchangeId: op({ $in: open.map((exchange) => exchange._id) }),
      })
    ).map((id) => String(id)),
  );
  const otherOf = (exchange: CompletedExchangeRecord) =>
    exchange.requesterId.equals(me) ? exchange.ownerId : exchange.requesterId;
  const [users, items] = await Promise.all([
    ctx.users.find({ _id: op({ $in: open.map(otherOf) }), deleted: false }).lean<ModerationUserRecord[]>(),
    ctx.items
      .find({ _id: op({ $in: open.flatMap((exchange) => (exchange.itemId ? [exchange.itemId] : [])) }) })
      .lean<ModerationItemRecord[]>(),
  ]);
  const userById = new Map(users.map((user) => [hex(user._id), user]));
  const itemById = new Map(items.map((item) => [hex(item._id), item]));
  return open.flatMap((exchange) => {
    const other = userById.get(hex(otherOf(exchange)));
    if (!other) return [];
    const item = exchange.itemId ? itemById.get(hex(exchange.itemId)) : undefined;
    return [
      {
        exchangeId: hex(exchange._id),
        completedAt: exchange.completedAt.toISOString(),
        otherUser: {
          id: hex(other._id),
          fullName: other.fullName,
          username: other.username,
          avatar: other.avatar,
        },
        item: item && !item.deleted ? { id: hex(item._id), title: item.title } : null,
        otherReviewed: reviewedMe.has(hex(exchange._id)),
      },
    ];
  });
}
