import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { CONTACT_CATEGORY_VALUES, type ContactCategory } from '@nomadswap/contracts/enums';

/** A message sent through the contact form. */
export interface ContactMessageRecord {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
  userId: Types.ObjectId | null;
  createdAt: Date;
}

export type ContactMessageModel = Model<ContactMessageRecord>;

const contactMessageSchema = new Schema<ContactMessageRecord>(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true },
    category: { type: String, enum: CONTACT_CATEGORY_VALUES, required: true },
    message: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'contact_messages', versionKey: false },
);
contactMessageSchema.index({ createdAt: -1 });

export function contactMessageModel(connection: Connection): ContactMessageModel {
  return (
    (connection.models.ContactMessage as ContactMessageModel | undefined) ??
    connection.model<ContactMessageRecord>('ContactMessage', contactMessageSchema)
  );
}
