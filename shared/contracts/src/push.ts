import { z } from 'zod';
import { MSG } from './messages';

/**
 * Web push (issue 23): browsers subscribe with their push service and register the subscription with us; the
 * messaging service sends to it with VAPID (RFC 8292) and payload encryption (RFC 8291).
 */
export const PUSH_LIMITS = {
  /** Longest endpoint URL accepted (browsers' endpoints are 150–500 characters). */
  endpointMaxLength: 1024,
  /** Longest `p256dh`/`auth` key (base64url: 87 and 22 characters in practice). */
  keyMaxLength: 200,
  /** Devices one user may have push on at once; one more is refused until one is turned off. */
  devicesPerUser: 10,
} as const;

/**
 * The browsers' push services (https only, default port): Chrome/Edge-on-Android (FCM), Firefox (Mozilla
 * autopush), Edge/Windows (WNS, any subdomain) and Safari (Apple). Anything else needs PUSH_ALLOWED_HOSTS.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
] as const;

// Apart (no zod there) for the web app's profile; still exported from here.
export { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';

const key = z.string().min(1, MSG.pushKeyRequired).max(PUSH_LIMITS.keyMaxLength, MSG.pushKeyTooLong);
const endpoint = z
  .string({ error: MSG.pushEndpointRequired })
  .min(1, MSG.pushEndpointRequired)
  .max(PUSH_LIMITS.endpointMaxLength, MSG.pushEndpointTooLong);

/**
 * POST /api/push/subscriptions: `PushSubscription.toJSON()` of the browser (its `expirationTime` is accepted and
 * ignored). Whether the endpoint's host may be used is the server's decision (it knows PUSH_ALLOWED_HOSTS).
 */
export const PushSubscriptionCreateSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: key, auth: key }),
});
export type PushSubscriptionCreateInput = z.infer<typeof PushSubscriptionCreateSchema>;

/** DELETE /api/push/subscriptions: the device's endpoint. */
export const PushSubscriptionDeleteSchema = z.object({ endpoint });
export type PushSubscriptionDeleteInput = z.infer<typeof PushSubscriptionDeleteSchema>;

/** GET /api/push/key: the VAPID public key, the browser's `applicationServerKey`. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

/** What the service worker receives (encrypted) and shows: `tag` groups a burst into one notification. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/**
 * Whether `endpoint` is on a browser's push service (https, default port) or on one of `allowedHosts`
 * (`host:port`, http or https; for tests and self-hosted push services). Never an arbitrary URL: the server
 * posts to it, so anything else would let a user make us send requests where they like.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostPort = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
  if (allowedHosts.some((allowed) => allowed.toLowerCase() === hostPort)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host,
  );
}
