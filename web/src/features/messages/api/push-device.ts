import type { PushKey, PushSubscriptionCreateInput } from '@nomadswap/contracts/push';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/push/key: the VAPID public key this device subscribes with. */
export function getPushKey(): Promise<PushKey> {
  return apiGet<PushKey>('/api/push/key');
}

/** POST /api/push/subscriptions: this device's subscription, so messaging can push to it. */
export function registerPushDevice(subscription: PushSubscriptionCreateInput): Promise<unknown> {
  return apiRequest('POST', '/api/push/subscriptions', subscription);
}

/** DELETE /api/push/subscriptions: no more pushes to this device. */
export function unregisterPushDevice(endpoint: string): Promise<unknown> {
  return apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
}
