import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  REPORT_SOURCES,
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_URGENCIES,
  type ReportSource,
  type ReportStatus,
  type ReportType,
  type ReportUrgency,
} from '@nomadswap/contracts/enums';
import { SANCTION_TYPES, type SanctionType } from '@nomadswap/contracts/sanctions';

/** A report of a safety problem, a user, an item… (spec section 3, lifecycle in section 4). */
export interface ReportRecord {
  _id: Types.ObjectId;
  type: ReportType;
  urgency: ReportUrgency;
  /** 0 (low) … 3 (critical): the admin queue sorts on it. */
  urgencyRank: number;
  subject: string;
  description: string;
  relatedUserId: Types.ObjectId | null;
  /** The reported user's name as the reporter gave it (null when given by id), known or not. */
  relatedUserName?: string | null;
  relatedItemId: Types.ObjectId | null;
  contactEmail: string | null;
  reporterId: Types.ObjectId | null;
  /** Absent on reports filed before issue 26: they are 'user'. */
  source?: ReportSource;
  /**
   * One report per sender and UTC day from the safety signal (`safety-signal:{senderId}:{YYYY-MM-DD}`), however
   * many replicas handle the triggering events at once; absent on people's reports (the index is sparse).
   */
  dedupeKey?: string;
  status: ReportStatus;
  adminNotes: string | null;
  /** The admin who last changed its status. */
  assignedTo: Types.ObjectId | null;
  /** The sanction an admin gave from this report (issue 26; auth's user.sanctioned names the report). */
  sanction?: { id: string; type: SanctionType } | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ReportModel = Model<ReportRecord>;

const reportSchema = new Schema<ReportRecord>(
  {
    type: { type: String, enum: REPORT_TYPES, required: true },
    urgency: { type: String, enum: REPORT_URGENCIES, required: true },
    urgencyRank: { type: Number, required: true },
    subject: { type: String, required: true },
    description: { type: String, required: true },
    relatedUserId: { type: Schema.Types.ObjectId, default: null },
    relatedUserName: { type: String, default: null },
    relatedItemId: { type: Schema.Types.ObjectId, default: null },
    contactEmail: { type: String, default: null },
    reporterId: { type: Schema.Types.ObjectId, default: null },
    source: { type: String, enum: REPORT_SOURCES, default: 'user' },
    dedupeKey: { type: String },
    status: { type: String, enum: REPORT_STATUSES, default: 'open' },
    adminNotes: { type: String, default: null },
    assignedTo: { type: Schema.Types.ObjectId, default: null },
    sanction: {
      type: new Schema({ id: String, type: { type: String, enum: SANCTION_TYPES } }, { _id: false }),
      default: null,
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'reports', versionKey: false },
);
reportSchema.index({ urgencyRank: -1, createdAt: -1 });
reportSchema.index({ status: 1, urgencyRank: -1, createdAt: -1 });
reportSchema.index({ dedupeKey: 1 }, { unique: true, sparse: true });

export function reportModel(connection: Connection): ReportModel {
  return (
    (connection.models.Report as ReportModel | undefined) ??
    connection.model<ReportRecord>('Report', reportSchema)
  );
}
