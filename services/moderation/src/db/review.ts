import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** A review of one party of a completed exchange by the other; one per reviewer per exchange. */
export interface ReviewRecord {
  _id: Types.ObjectId;
  reviewerId: Types.ObjectId;
  revieweeId: Types.ObjectId;
  exchangeId: Types.ObjectId;
  rating: number;
  comment: string;
  createdAt: Date;
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
  },
  { collection: 'reviews', versionKey: false },
);
// The once-per-exchange rule holds under concurrent requests too.
reviewSchema.index({ exchangeId: 1, reviewerId: 1 }, { unique: true });
reviewSchema.index({ revieweeId: 1, createdAt: -1 });

export function reviewModel(connection: Connection): ReviewModel {
  return (
    (connection.models.Review as ReviewModel | undefined) ??
    connection.model<ReviewRecord>('Review', reviewSchema)
  );
}
