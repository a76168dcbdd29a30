import { Schema, type Connection, type Model } from 'mongoose';
import {
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  type AdminAction,
  type AdminTargetType,
} from '@nomadswap/contracts/enums';

/**
 * One admin action (an `admin.action` event, or moderation's own). `_id` is the action's id, so a redelivered
 * event stores nothing new. Append-only: no code path updates or deletes an entry.
 */
export interface AuditEntryRecord {
  _id: string;
  actorId: string;
  action: AdminAction;
  target: { type: AdminTargetType; id: string };
  at: Date;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type AuditEntryModel = Model<AuditEntryRecord>;

const auditEntrySchema = new Schema<AuditEntryRecord>(
  {
    _id: { type: String, required: true },
    actorId: { type: String, required: true },
    action: { type: String, enum: ADMIN_ACTIONS, required: true },
    target: {
      type: { type: String, enum: ADMIN_TARGET_TYPES, required: true },
      id: { type: String, required: true },
    },
    at: { type: Date, required: true },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'audit_log', versionKey: false, minimize: false },
);
auditEntrySchema.index({ at: -1 });
auditEntrySchema.index({ action: 1, at: -1 });
auditEntrySchema.index({ 'target.type': 1, 'target.id': 1, at: -1 });

export function auditEntryModel(connection: Connection): AuditEntryModel {
  return (
    (connection.models.AuditEntry as AuditEntryModel | undefined) ??
    connection.model<AuditEntryRecord>('AuditEntry', auditEntrySchema)
  );
}
