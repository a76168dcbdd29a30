import mongoose, { type Connection, type mongo } from 'mongoose';
import { toId, type Id } from './ids';
import { userModel, type UserModel, type UserRecord } from './user-model';

/** What a new account is written with; the schema's defaults fill the rest. */
export type NewUser = Pick<
  UserRecord,
  '_id' | 'username' | 'usernameKey' | 'email' | 'passwordHash' | 'fullName'
> &
  Partial<
    Pick<UserRecord, 'bio' | 'location' | 'placeId' | 'pendingAvatarUploadId' | 'role' | 'isApproved'>
  > &
  Partial<Pick<UserRecord, 'approvedAt'>>;

/** The fields a plain edit sets (profile, the first admin's reset); every write bumps `version`. */
export type UserFields = Partial<
  Pick<
    UserRecord,
    | 'fullName'
    | 'location'
    | 'placeId'
    | 'bio'
    | 'inTransit'
    | 'language'
    | 'stay'
    | 'passwordHash'
    | 'isApproved'
    | 'approvedAt'
  >
>;

/** A user's counters an ended exchange raises (record-exchange-outcome). */
export type SwapCounter = 'completedSwaps' | 'arrangedSwaps' | 'noShows';

/** A user whose review count an admin once overwrote (see findEditedSwapCounts). */
export type EditedSwapCount = Pick<UserRecord, '_id' | 'reviewCount' | 'ratingCount'> & { version?: number };

type Review = { id: string; rating: number };

/** The average recomputed inside the same update as the sum and count it comes from (2 decimals). */
const recomputeRating = {
  $set: {
    rating: {
      $cond: [{ $gt: ['$ratingCount', 0] }, { $round: [{ $divide: ['$ratingSum', '$ratingCount'] }, 2] }, 0],
    },
  },
};

/** An older user without a version field counts as version 1. */
const atVersion = (version: number | undefined) =>
  version === undefined ? { version: { $exists: false } } : { version };

/**
 * The users: every read and write the use-cases make of them, one query each (the same round trips as when
 * the use-cases held the model). Reads answer plain (lean) records; the password hash only where asked for.
 */
export function createUsers(connection: Connection) {
  const model: UserModel = userModel(connection);
  // The driver's collection, for pipeline updates and `$expr` filters that mongoose neither types nor lets
  // through its sanitizeFilter; the filters are ours, never input.
  const raw = () => model.collection as unknown as mongo.Collection<UserRecord>;

  return {
    /** Creates the unique indexes registration relies on (idempotent). */
    init: () => model.init(),

    findById: (userId: string | Id): Promise<UserRecord | null> => model.findById(toId(userId)).lean(),

    /** With the password hash, for signing in and the first admin's reset. */
    findByEmailWithPassword: (email: string): Promise<UserRecord | null> =>
      model.findOne({ email }).select('+passwordHash').lean(),

    /** The user's names (the audit entry of their deletion), or null. */
    findName: (userId: Id): Promise<Pick<UserRecord, '_id' | 'username' | 'fullName'> | null> =>
      model.findById(userId).select({ username: 1, fullName: 1 }).lean(),

    /** Names of these users (the admins beside sanctions). */
    findNames: (userIds: Id[]): Promise<Pick<UserRecord, '_id' | 'username' | 'fullName'>[]> =>
      model
        .find({ _id: mongoose.trusted({ $in: userIds }) })
        .select({ username: 1, fullName: 1 })
        .lean(),

    async exists(userId: string | Id): Promise<boolean> {
      return (await model.exists({ _id: toId(userId) })) !== null;
    },
    async isUsernameTaken(usernameKey: string): Promise<boolean> {
      return (await model.exists({ usernameKey })) !== null;
    },
    async isEmailTaken(email: string): Promise<boolean> {
      return (await model.exists({ email })) !== null;
    },

    /** Accounts waiting for approval, oldest first. */
    listPending: (): Promise<UserRecord[]> =>
      model.find({ isApproved: false }).sort({ createdAt: 1, _id: 1 }).lean(),
    /** Every account, newest first. */
    listAll: (): Promise<UserRecord[]> => model.find({}).sort({ createdAt: -1, _id: -1 }).lean(),

    /** Each user's role and approval, streamed (the user-state seeding reads them all). */
    accessStates: (): AsyncIterable<Pick<UserRecord, '_id' | 'role' | 'isApproved'>> =>
      model.find({}, { role: 1, isApproved: 1 }).lean().cursor(),

    /** A duplicate username or e-mail throws the engine's duplicate-key error (code 11000). */
    create: (user: NewUser): Promise<UserRecord> => model.create(user),

    /** Sets the fields; answers the user after, or null when there is none. */
    update: (userId: string | Id, fields: UserFields): Promise<UserRecord | null> =>
      model
        .findByIdAndUpdate(toId(userId), { $set: fields, $inc: { version: 1 } }, { returnDocument: 'after' })
        .lean(),

    /** Approves a pending user; null when they are approved already (or gone): only the first approval wins. */
    approve: (
      userId: Id,
      approval: Pick<UserRecord, 'approvedAt' | 'approvedBy'>,
    ): Promise<UserRecord | null> =>
      model
        .findOneAndUpdate(
          { _id: userId, isApproved: false },
          { $set: { isApproved: true, ...approval }, $inc: { version: 1 } },
          { returnDocument: 'after' },
        )
        .lean(),

    /** The swap count and the version it was read at (undefined for an older user without one). */
    readSwapCount: (
      userId: Id,
    ): Promise<(Pick<UserRecord, 'completedSwaps'> & { version?: number }) | null> =>
      model.findById(userId).select('completedSwaps version').lean(),

    /** Sets the swap count (arranged swaps never below it) only if the user is still at `readVersion`. */
    setSwapCount: (
      userId: Id,
      props: { completedSwaps: number; readVersion: number | undefined },
    ): Promise<UserRecord | null> =>
      model
        .findOneAndUpdate(
          { _id: userId, ...atVersion(props.readVersion) },
          {
            $set: { completedSwaps: props.completedSwaps, version: (props.readVersion ?? 1) + 1 },
            $max: { arrangedSwaps: props.completedSwaps },
          },
          { returnDocument: 'after' },
        )
        .lean(),

    deleteById: async (userId: Id): Promise<void> => {
      await model.deleteOne({ _id: userId });
    },

    /** The raw upload waiting for the avatar job, or null (none, or no such user). */
    async findPendingAvatar(userId: Id): Promise<Id | null> {
      const user = await model.findById(userId).select('pendingAvatarUploadId').lean();
      return user?.pendingAvatarUploadId ?? null;
    },

    /** Makes `uploadId` the pending avatar; answers the upload it supersedes, or null when there is no such user. */
    async replacePendingAvatar(userId: Id, uploadId: Id): Promise<{ superseded: Id | null } | null> {
      const previous = await model
        .findByIdAndUpdate(userId, { $set: { pendingAvatarUploadId: uploadId } })
        .select('pendingAvatarUploadId')
        .lean();
      return previous && { superseded: previous.pendingAvatarUploadId ?? null };
    },

    /**
     * Points the user at a processed avatar, only while `uploadId` is still their pending one; answers the avatar
     * it replaces, or null when the upload was superseded (or the user deleted) meanwhile.
     */
    async setAvatar(
      userId: Id,
      props: { uploadId: Id; avatarId: Id; avatar: string },
    ): Promise<{ replaced: Id | null } | null> {
      const previous = await model
        .findOneAndUpdate(
          { _id: userId, pendingAvatarUploadId: props.uploadId },
          {
            $set: { avatar: props.avatar, avatarId: props.avatarId, pendingAvatarUploadId: null },
            $inc: { version: 1 },
          },
        )
        .select('avatarId')
        .lean();
      return previous && { replaced: previous.avatarId ?? null };
    },

    /** Forgets the pending upload if it is still this one (the user keeps their avatar). */
    dropPendingAvatar: async (userId: Id, uploadId: Id): Promise<void> => {
      await model.updateOne(
        { _id: userId, pendingAvatarUploadId: uploadId },
        { $set: { pendingAvatarUploadId: null } },
      );
    },

    /**
     * Counts a review in the reviewee's rating and review count, in one atomic pipeline update; once per review id,
     * never for a review already removed. Answers the user after, or null when it changed nothing.
     */
    addReview: (revieweeId: Id, review: Review): Promise<UserRecord | null> =>
      raw().findOneAndUpdate(
        { _id: revieweeId, appliedReviewIds: { $ne: review.id }, removedReviewIds: { $ne: review.id } },
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
        { returnDocument: 'after' },
      ),

    /** Takes a counted review out of the rating and the count (never below 0) and remembers it as removed. */
    removeReview: (revieweeId: Id, review: Review): Promise<UserRecord | null> =>
      raw().findOneAndUpdate(
        { _id: revieweeId, appliedReviewIds: review.id },
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
        { returnDocument: 'after' },
      ),

    /** Remembers a review removed before it was counted, so its late creation counts nothing. */
    rememberRemovedReview: async (revieweeId: Id, reviewId: string): Promise<void> => {
      await raw().updateOne(
        { _id: revieweeId, appliedReviewIds: { $ne: reviewId }, removedReviewIds: { $ne: reviewId } },
        { $push: { removedReviewIds: reviewId } },
      );
    },

    /** Adds an ended exchange to the user's counters, once per exchange id; null when it was counted already. */
    countExchange: (
      userId: Id,
      exchangeId: string,
      counts: Partial<Record<SwapCounter, number>>,
    ): Promise<UserRecord | null> =>
      raw().findOneAndUpdate(
        { _id: userId, appliedExchangeIds: { $ne: exchangeId } },
        { $push: { appliedExchangeIds: exchangeId }, $inc: { ...counts, version: 1 } },
        { returnDocument: 'after' },
      ),

    /** Users whose review count differs from their number of reviews: an admin once edited it (issue 26). */
    findEditedSwapCounts: (): Promise<EditedSwapCount[]> =>
      raw()
        .find(
          { $expr: { $ne: [{ $ifNull: ['$reviewCount', 0] }, { $ifNull: ['$ratingCount', 0] }] } },
          { projection: { reviewCount: 1, ratingCount: 1, version: 1 } },
        )
        .toArray(),

    /**
     * Moves an edited review count to the swap counts (never lowering them) and sets the review count back to the
     * number of reviews; only if the user is still as read (null otherwise).
     */
    moveSwapCount: (user: EditedSwapCount): Promise<UserRecord | null> =>
      raw().findOneAndUpdate(
        { _id: user._id, reviewCount: user.reviewCount, ratingCount: user.ratingCount },
        {
          $set: { reviewCount: user.ratingCount ?? 0, version: (user.version ?? 1) + 1 },
          $max: { completedSwaps: user.reviewCount, arrangedSwaps: user.reviewCount },
        },
        { returnDocument: 'after' },
      ),
  };
}

export type Users = ReturnType<typeof createUsers>;
