import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { SAFETY_WARNINGS, type SafetyWarning } from '@nomadswap/contracts/enums';

/** A message that carried a safety warning (messaging's `message.flagged`), keyed by the message's id. */
export interface SafetySignalRecord {
  _id: Types.ObjectId;
  senderId: Types.ObjectId;
  receiverId: Types.ObjectId;
  kind: SafetyWarning;
  /** The message's text, kept as the report's evidence. */
  content: string;
  createdAt: Date;
}

export type SafetySignalModel = Model<SafetySignalRecord>;

const safetySignalSchema = new Schema<SafetySignalRecord>(
  {
    senderId: { type: Schema.Types.ObjectId, required: true },
    receiverId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: SAFETY_WARNINGS, required: true },
    content: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'safety_signals', versionKey: false },
);
safetySignalSchema.index({ senderId: 1, createdAt: -1 });

export function safetySignalModel(connection: Connection): SafetySignalModel {
  return (
    (connection.models.SafetySignal as SafetySignalModel | undefined) ??
    connection.model<SafetySignalRecord>('SafetySignal', safetySignalSchema)
  );
}
