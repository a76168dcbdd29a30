import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { EXCHANGE_STATUSES, type ExchangeStatus } from '@nomadswap/contracts/exchanges';

export interface MeetupRecord {
  at: Date;
  place: string;
  note: string | null;
  proposedBy: Types.ObjectId;
  proposedAt: Date;
  agreed: boolean;
}

/**
 * A swap between a requester and an item's owner (issue 20), moved only by domain/exchange-process.ts. Every
 * write is guarded by `version` (optimistic concurrency: of two racing actions exactly one applies).
 * - `openKey` (`requester:item`) is set while a request is open: one open request per person and item (sparse
 *   unique index).
 * - `reservedKey` (the item id) is set while accepted: one reservation per item (sparse unique index), so of two
 *   accepts racing for one item exactly one is written.
 * - `dedupeKey` is unique and set on every row: rows of the one-click era keyed the pair's completion with it; new
 *   rows carry `ex:{id}` so the old (non-sparse) unique index of existing databases never collides.
 */
export interface ExchangeRecord {
  _id: Types.ObjectId;
  requesterId: Types.ObjectId;
  ownerId: Types.ObjectId;
  itemId: Types.ObjectId | null;
  /** The one offered item of the spec's shape (rows of the one-click era); new rows use offeredItemIds. */
  offeredItemId?: Types.ObjectId | null;
  offeredItemIds?: Types.ObjectId[];
  status: ExchangeStatus;
  message: string | null;
  confirmedBy?: Types.ObjectId[];
  firstConfirmedAt?: Date | null;
  meetup?: MeetupRecord | null;
  openKey?: string;
  reservedKey?: string;
  dedupeKey: string;
  createdAt: Date;
  updatedAt?: Date;
  acceptedAt?: Date | null;
  completedAt: Date | null;
  endedAt?: Date | null;
  endedBy?: Types.ObjectId | null;
  endReason?: string | null;
  noShowUserId?: Types.ObjectId | null;
  version?: number;
}

export type ExchangeModel = Model<ExchangeRecord>;

const meetupSchema = new Schema<MeetupRecord>(
  {
    at: { type: Date, required: true },
    place: { type: String, required: true },
    note: { type: String, default: null },
    proposedBy: { type: Schema.Types.ObjectId, required: true },
    proposedAt: { type: Date, required: true },
    agreed: { type: Boolean, default: false },
  },
  { _id: false },
);

export const exchangeSchema = new Schema<ExchangeRecord>(
  {
    requesterId: { type: Schema.Types.ObjectId, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
    offeredItemId: { type: Schema.Types.ObjectId, default: null },
    offeredItemIds: { type: [Schema.Types.ObjectId], default: [] },
    status: { type: String, enum: EXCHANGE_STATUSES, required: true },
    message: { type: String, default: null },
    confirmedBy: { type: [Schema.Types.ObjectId], default: [] },
    firstConfirmedAt: { type: Date, default: null },
    meetup: { type: meetupSchema, default: null },
    openKey: { type: String },
    reservedKey: { type: String },
    dedupeKey: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    updatedAt: { type: Date, default: () => new Date() },
    acceptedAt: { type: Date, default: null },
    completedAt: { type: Date, default: null },
    endedAt: { type: Date, default: null },
    endedBy: { type: Schema.Types.ObjectId, default: null },
    endReason: { type: String, default: null },
    noShowUserId: { type: Schema.Types.ObjectId, default: null },
    version: { type: Number, default: 0 },
  },
  { collection: 'exchanges', versionKey: false },
);
exchangeSchema.index({ dedupeKey: 1 }, { unique: true });
exchangeSchema.index({ openKey: 1 }, { unique: true, sparse: true });
exchangeSchema.index({ reservedKey: 1 }, { unique: true, sparse: true });
exchangeSchema.index({ requesterId: 1, updatedAt: -1 });
exchangeSchema.index({ ownerId: 1, updatedAt: -1 });
exchangeSchema.index({ itemId: 1 });

export function exchangeModel(connection: Connection): ExchangeModel {
  return (
    (connection.models.Exchange as ExchangeModel | undefined) ??
    connection.model<ExchangeRecord>('Exchange', exchangeSchema)
  );
}

/** A new exchange's row: `proposed`, everything that happens later still empty. */
export function newExchangeRecord(props: {
  _id: Types.ObjectId;
  requesterId: Types.ObjectId;
  ownerId: Types.ObjectId;
  itemId: Types.ObjectId | null;
  offeredItemIds?: Types.ObjectId[];
  message?: string | null;
  /** The Complete Swap path: the caller's confirmation, given up front. */
  confirmedBy?: Types.ObjectId[];
  openKey: string;
  now: Date;
}): ExchangeRecord {
  const offered = props.offeredItemIds ?? [];
  const confirmedBy = props.confirmedBy ?? [];
  return {
    _id: props._id,
    requesterId: props.requesterId,
    ownerId: props.ownerId,
    itemId: props.itemId,
    offeredItemId: offered[0] ?? null,
    offeredItemIds: offered,
    status: 'proposed',
    message: props.message ?? null,
    confirmedBy,
    firstConfirmedAt: confirmedBy.length ? props.now : null,
    meetup: null,
    openKey: props.openKey,
    dedupeKey: `ex:${props._id.toHexString()}`,
    createdAt: props.now,
    updatedAt: props.now,
    acceptedAt: null,
    completedAt: null,
    endedAt: null,
    endedBy: null,
    endReason: null,
    noShowUserId: null,
    version: 0,
  };
}
