import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** One device's web-push subscription (issue 23): the endpoint is the device, so it is unique. */
export interface PushSubscriptionRecord {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

export type PushSubscriptionModel = Model<PushSubscriptionRecord>;

export const pushSubscriptionSchema = new Schema<PushSubscriptionRecord>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    endpoint: { type: String, required: true },
    p256dh: { type: String, required: true },
    auth: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'push_subscriptions', versionKey: false },
);
pushSubscriptionSchema.index({ endpoint: 1 }, { unique: true });
pushSubscriptionSchema.index({ userId: 1 });

export function pushSubscriptionModel(connection: Connection): PushSubscriptionModel {
  return (
    (connection.models.PushSubscription as PushSubscriptionModel | undefined) ??
    connection.model<PushSubscriptionRecord>('PushSubscription', pushSubscriptionSchema)
  );
}
