import { MSG } from '@nomadswap/contracts/messages';
import {
  isAllowedPushEndpoint,
  PUSH_LIMITS,
  type PushSubscriptionCreateInput,
  type PushSubscriptionDeleteInput,
} from '@nomadswap/contracts/push';
import { ConflictError, ServiceUnavailableError, ValidationError } from '@nomadswap/service-kit/errors';
import type { MessagingContext } from '../context';
import { oid, op } from '../data/ids';
import type { Viewer } from './viewer';

type PushCtx = Pick<MessagingContext, 'pushSubscriptions' | 'pushConfig'>;

/** The VAPID public key browsers subscribe with; 503 while the server has no keys. */
export function getPushKey(ctx: Pick<MessagingContext, 'pushConfig'>): { publicKey: string } {
  if (!ctx.pushConfig)
    throw new ServiceUnavailableError(MSG.pushNotConfigured, { code: 'PUSH_NOT_CONFIGURED' });
  return { publicKey: ctx.pushConfig.vapid.publicKey };
}

/**
 * Registers the caller's device: its endpoint must be on a browser's push service or an allowed host (we post to
 * it). The endpoint is the device, so registering it again updates its keys, and a device signed in by someone
 * else now notifies them instead. At most PUSH_LIMITS.devicesPerUser devices per user.
 */
export async function subscribePush(
  ctx: PushCtx,
  props: { viewer: Viewer; subscription: PushSubscriptionCreateInput },
): Promise<void> {
  if (!ctx.pushConfig)
    throw new ServiceUnavailableError(MSG.pushNotConfigured, { code: 'PUSH_NOT_CONFIGURED' });
  const { endpoint, keys } = props.subscription;
  if (!isAllowedPushEndpoint(endpoint, ctx.pushConfig.allowedHosts)) {
    throw new ValidationError(MSG.pushEndpointNotAllowed, {
      code: 'PUSH_ENDPOINT_NOT_ALLOWED',
      details: [{ field: 'endpoint', message: MSG.pushEndpointNotAllowed }],
    });
  }
  const userId = oid(props.viewer.id);
  const others = await ctx.pushSubscriptions.countDocuments({ userId, endpoint: op({ $ne: endpoint }) });
  if (others >= PUSH_LIMITS.devicesPerUser) {
    throw new ConflictError(MSG.pushDeviceLimit, { code: 'PUSH_DEVICE_LIMIT' });
  }
  await ctx.pushSubscriptions.updateOne(
    { endpoint },
    { $set: { userId, p256dh: keys.p256dh, auth: keys.auth }, $setOnInsert: { createdAt: new Date() } },
    { upsert: true },
  );
}

/** Turns push off on one of the caller's devices; another user's endpoint, or none, changes nothing. */
export async function unsubscribePush(
  ctx: PushCtx,
  props: { viewer: Viewer; subscription: PushSubscriptionDeleteInput },
): Promise<void> {
  await ctx.pushSubscriptions.deleteOne({
    userId: oid(props.viewer.id),
    endpoint: props.subscription.endpoint,
  });
}
