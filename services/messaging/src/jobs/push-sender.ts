import type { Job } from 'bullmq';
import webpush from 'web-push';
import { UnrecoverableError } from 'bullmq';
import { PUSH_QUEUE, PushJobSchema, type PushJob } from '@nomadswap/service-kit/push';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { VapidDetails } from '../config';
import type { MessagingContext } from '../context';
import { deliverPush, PushRetryError, type DeliveryResult, type SendPush } from '../domain/deliver-push';

/** A job of the queue with the endpoints earlier attempts already served. */
type StoredPushJob = PushJob & { done?: string[] };

/** Pushes the push service keeps for a device that is off: a day, then a reminder or message is stale. */
const PUSH_TTL_SECONDS = 24 * 3_600;

/**
 * `web-push` signs with our VAPID keys and encrypts with aes128gcm (RFC 8291); the request itself goes out with
 * fetch, because web-push's own transport speaks https only and PUSH_ALLOWED_HOSTS may name an http service.
 * Redirects are not followed: the allow-listed endpoint is the only address we post to.
 */
export function webPushSender(vapid: VapidDetails): SendPush {
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) {
      throw Object.assign(new Error(`push service answered ${response.status}`), {
        statusCode: response.status,
      });
    }
  };
}

/** Processes one job: a malformed job fails at once; a push service that asked to wait fails it for a retry. */
export async function runPushJob(
  ctx: MessagingContext,
  job: Pick<Job<StoredPushJob>, 'data' | 'attemptsMade'> & {
    updateData?(data: StoredPushJob): Promise<void>;
  },
  send: SendPush,
): Promise<DeliveryResult> {
  const parsed = PushJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`not a push: ${parsed.error.message}`);
  // Other services enqueue whether or not this server has VAPID keys: without them the jobs end here.
  if (!ctx.pushConfig) return { sent: 0, removed: 0, skipped: 'push off' };
  try {
    return await deliverPush(ctx, {
      job: parsed.data,
      retry: job.attemptsMade > 0,
      done: job.data.done,
      send,
    });
  } catch (error) {
    if (error instanceof PushRetryError) {
      await job.updateData?.({ ...job.data, done: error.served });
    }
    throw error;
  }
}

/** The worker of the `push` queue, in every messaging process (without VAPID keys it only drains the queue). */
export function startPushWorker(
  ctx: MessagingContext,
  options: { redisUrl: string; prefix: string; logger: Logger; send: SendPush },
): RunningWorker<StoredPushJob, DeliveryResult> {
  return startWorker({
    queue: PUSH_QUEUE,
    processor: (job) => runPushJob(ctx, job, options.send),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    name: 'push-sender',
    concurrency: 4,
  });
}
