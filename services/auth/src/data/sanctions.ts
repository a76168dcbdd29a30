import mongoose, { type Connection } from 'mongoose';
import { LASTING_SANCTION_TYPES } from '@nomadswap/contracts/sanctions';
import { toId, type Id } from './ids';
import { sanctionModel, type LastingSanctionRecord, type SanctionRecord } from './sanction-model';

/** Newest first, on the index `{userId, startsAt: -1, _id: -1}`. */
const newestFirst = { startsAt: -1, _id: -1 } as const;

/** The sanctions admins gave: a history, written once and only ever lifted. */
export function createSanctions(connection: Connection) {
  const model = sanctionModel(connection);
  return {
    init: () => model.init(),

    create: async (record: SanctionRecord): Promise<void> => {
      await model.create(record);
    },

    /** A user's sanctions, newest first. */
    listOfUser: (userId: Id): Promise<SanctionRecord[]> => model.find({ userId }).sort(newestFirst).lean(),

    /**
     * The user's newest restriction or suspension, lifted or not, ended or not: a newer one supersedes an older
     * one, so this one alone decides what the user may do (issue 26, docs/decisions/0071-sanctions-warn-restrict-suspend-enforced-by-the.md).
     */
    latestLasting: (userId: string | Id): Promise<LastingSanctionRecord | null> =>
      model
        .findOne({ userId: toId(userId), type: mongoose.trusted({ $in: LASTING_SANCTION_TYPES }) })
        .sort(newestFirst)
        .lean<LastingSanctionRecord>(),

    /** The user's newest warning. */
    latestWarning: (userId: Id): Promise<SanctionRecord | null> =>
      model.findOne({ userId, type: 'warn' }).sort(newestFirst).lean(),

    /** Every user's newest restriction or suspension, in one pass (the user-state seeding). */
    async latestLastingOfEveryUser(): Promise<LastingSanctionRecord[]> {
      const latest = await model.aggregate<{ _id: unknown; record: LastingSanctionRecord }>([
        { $match: { type: { $in: LASTING_SANCTION_TYPES } } },
        { $sort: newestFirst },
        { $group: { _id: '$userId', record: { $first: '$$ROOT' } } },
      ]);
      return latest.map(({ record }) => record);
    },

    /** Lifts the sanction unless it was lifted already; whether this call lifted it. */
    async lift(sanctionId: Id, props: { liftedAt: Date; liftedBy: Id }): Promise<boolean> {
      const lifted = await model.updateOne({ _id: sanctionId, liftedAt: null }, { $set: props });
      return lifted.modifiedCount > 0;
    },
  };
}

export type Sanctions = ReturnType<typeof createSanctions>;
