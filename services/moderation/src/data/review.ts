import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * A review of one party of a completed exchange by the other; one per reviewer per exchange. Hidden until
 * revealed (issue 20): when both parties have reviewed the exchange, or at `revealDueAt` (14 days after the
 * exchange completed), whichever comes first.
 */
export interface ReviewRecord {
  _id: Types.ObjectId;
  reviewerId: Types.ObjectId;
  revieweeId: Types.ObjectId;
  exchangeId: Types.ObjectId;
  rating: number;
  comment: string;
  createdAt: Date;
  /** When it was revealed and announced (review.created: it counts in the reviewee's rating); null while hidden. */
  revealedAt: Date | null;
  /** The exchange's completion + EXCHANGE_LIMITS.reviewRevealMs: shown from then on, whatever the other does. */
  revealDueAt: Date;
  /** The reveal that revealed it (one write may reveal a pair): its staged events are sent for exactly these. */
  revealToken: Types.ObjectId | null;
}

export type ReviewModel = Model<ReviewRecord>;

const reviewSchema = new Schema<ReviewRecord>(
  {
    reviewerId: { type: Schema.Types.ObjectId, required: true },
    revieweeId: { type: Schema.Types.ObjectId, required: true },
    exchangeId: { type: Schema.Types.ObjectId, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    comment: { type: String, required: true },
    createdAt: { type: Date, required: true },
    revealedAt: { type: Date, default: null },
    revealDueAt: { type: Date, required: true },
    revealToken: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'reviews', versionKey: false },
);
// The once-per-exchange rule holds under concurrent requests too.
reviewSchema.index({ exchangeId: 1, reviewerId: 1 }, { unique: true });
reviewSchema.index({ revieweeId: 1, createdAt: -1 });
// The reveal sweeper's hidden reviews.
reviewSchema.index({ revealedAt: 1 });

/**
 * Reviews written before reviews were revealed together were announced (and counted) when written: they are
 * revealed as of their creation. Run at start-up; a no-op once done.
 */
export async function revealLegacyReviews(reviews: ReviewModel): Promise<void> {
  await reviews.collection.updateMany({ revealDueAt: { $exists: false } }, [
    { $set: { revealedAt: '$createdAt', revealDueAt: '$createdAt' } },
  ]);
}

export function reviewModel(connection: Connection): ReviewModel {
  return (
    (connection.models.Review as ReviewModel | undefined) ??
    connection.model<ReviewRecord>('Review', reviewSchema)
  );
}
