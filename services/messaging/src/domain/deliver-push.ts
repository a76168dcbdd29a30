import { notificationSwitch, type MessagingSettings } from '@nomadswap/contracts/messaging';
import type { PushPayload } from '@nomadswap/contracts/push';
import { PUSH_TAG_INTERVAL_MS, type PushJob } from '@nomadswap/service-kit/push';
import type { MessagingContext } from '../context';
import type { PushSubscriptionRecord } from '../data/push-subscription';
import { settingsOf } from './get-messaging-settings';
import { hex, oid } from '../data/ids';

/** How a push reaches a push service: `web-push`'s sendNotification in production and in the e2e tests. */
export type SendPush = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
) => Promise<unknown>;

/** A push service's refusal, as `web-push` throws it (WebPushError). */
const statusOf = (error: unknown): number | undefined =>
  typeof (error as { statusCode?: unknown })?.statusCode === 'number'
    ? (error as { statusCode: number }).statusCode
    : undefined;

/**
 * Opens the window of one tag for one user unless a push of that tag went out less than `intervalMs` ago by the
 * context's clock. The time is kept in Redis (expiring with the window), so replicas agree and tests move time.
 */
const OPEN_WINDOW = `
local last = redis.call('GET', KEYS[1])
if last and tonumber(ARGV[1]) - tonumber(last) < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

export interface DeliveryResult {
  sent: number;
  removed: number;
  skipped?: 'push off' | 'switched off' | 'no device' | 'too soon';
}

/** Thrown when a push service asked us to come back later (429, 5xx, no answer): BullMQ retries the job. */
export class PushRetryError extends Error {
  constructor(
    /** The endpoints still owed a push. */
    readonly failed: string[],
    /** The endpoints served by this attempt and the earlier ones: a retry skips them. */
    readonly served: string[],
  ) {
    super(`push service unavailable for ${failed.length} device(s)`);
  }
}

/**
 * Sends one push job to every device of its user: nothing when the user switched the kind off, and at most one
 * per tag per 2 minutes (a retry of a job that already passed the window is not held back again). A device the
 * push service no longer knows (404/410) is forgotten; one that answered 429 or 5xx makes the job fail, and the
 * retry sends only to the devices still owed (`done` lists the endpoints already served).
 */
export async function deliverPush(
  ctx: Pick<MessagingContext, 'pushSubscriptions' | 'settings' | 'redis' | 'keyPrefix' | 'now' | 'logger'>,
  props: { job: PushJob; retry: boolean; done?: readonly string[]; send: SendPush },
): Promise<DeliveryResult> {
  const { job } = props;
  const settings = (await settingsOf(ctx, [job.userId])).get(job.userId)!;
  if (!settings[notificationSwitch(job.kind, 'push') as keyof MessagingSettings]) {
    return { sent: 0, removed: 0, skipped: 'switched off' };
  }
  const done = new Set(props.done ?? []);
  const devices = (
    await ctx.pushSubscriptions.find({ userId: oid(job.userId) }).lean<PushSubscriptionRecord[]>()
  ).filter((device) => !done.has(device.endpoint));
  if (devices.length === 0) return { sent: 0, removed: 0, skipped: 'no device' };
  if (!props.retry) {
    const key = `${ctx.keyPrefix}push-window:${job.userId}:${job.tag}`;
    const open = await ctx.redis.eval(OPEN_WINDOW, 1, key, ctx.now().getTime(), PUSH_TAG_INTERVAL_MS);
    if (open !== 1) return { sent: 0, removed: 0, skipped: 'too soon' };
  }
  const payload: PushPayload = { title: job.title, body: job.body, url: job.url, tag: job.tag };
  const text = JSON.stringify(payload);
  const failed: string[] = [];
  let sent = 0;
  let removed = 0;
  await Promise.all(
    devices.map(async (device) => {
      try {
        await props.send(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          text,
        );
        sent++;
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) {
          await ctx.pushSubscriptions.deleteOne({ _id: device._id });
          removed++;
        } else if (status === undefined || status === 429 || status >= 500) {
          failed.push(device.endpoint);
        } else {
          ctx.logger.warn(
            { err: error, deviceId: hex(device._id), status },
            'push refused by the push service',
          );
        }
      }
    }),
  );
  if (failed.length) {
    const served = devices.map((device) => device.endpoint).filter((endpoint) => !failed.includes(endpoint));
    throw new PushRetryError(failed, [...done, ...served]);
  }
  return { sent, removed };
}
