import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SANCTION_TYPES, type LastingSanctionType, type SanctionType } from '@nomadswap/contracts/sanctions';

/**
 * One sanction an admin gave a user (issue 26). Never changed but for `liftedAt`/`liftedBy`: the history is the
 * collection. The user's current restriction or suspension is their newest lasting one that was not lifted; it
 * ends by itself at `endsAt` (compared with the clock, no job).
 */
export interface SanctionRecord {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  adminId: Types.ObjectId;
  type: SanctionType;
  reason: string;
  /** null: for good (always for a warning). */
  days: number | null;
  startsAt: Date;
  endsAt: Date | null;
  liftedAt: Date | null;
  liftedBy: Types.ObjectId | null;
  reportId: Types.ObjectId | null;
}

/** A restriction or a suspension: a sanction that lasts (a warning does not). */
export type LastingSanctionRecord = SanctionRecord & { type: LastingSanctionType };

export type SanctionModel = Model<SanctionRecord>;

/** The collection's name, which the outbox guards of sanction events name. */
export const SANCTIONS_COLLECTION = 'sanctions';

const sanctionSchema = new Schema<SanctionRecord>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    adminId: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, enum: SANCTION_TYPES, required: true },
    reason: { type: String, required: true },
    days: { type: Number, default: null },
    startsAt: { type: Date, required: true },
    endsAt: { type: Date, default: null },
    liftedAt: { type: Date, default: null },
    liftedBy: { type: Schema.Types.ObjectId, default: null },
    reportId: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: SANCTIONS_COLLECTION, versionKey: false },
);
// The history (newest first) and the current one: both read a user's sanctions by start, newest first.
sanctionSchema.index({ userId: 1, startsAt: -1, _id: -1 });

export function sanctionModel(connection: Connection): SanctionModel {
  return (
    (connection.models.Sanction as SanctionModel | undefined) ??
    connection.model<SanctionRecord>('Sanction', sanctionSchema)
  );
}
