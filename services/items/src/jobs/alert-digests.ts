import mongoose from 'mongoose';
import type { Job, Queue } from 'bullmq';
import {
  createQueue,
  startWorker,
  type QueueConnection,
  type RunningWorker,
} from '@nomadswap/service-kit/queues';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { ItemsContext } from '../context';
import { sendAlertDigest, type AlertDigestJob } from '../domain/alert-digests';

/** The items service's queue of city-alert digests (issue 22). */
export const ALERT_DIGEST_QUEUE = 'alert-digests';

export type AlertDigestQueue = Queue<AlertDigestJob>;

/**
 * Retried with backoff (a digest that ran early by this process's clock comes back later). A finished digest is
 * removed at once: its id only has to hold while it waits, and the next digest of the alert has another id.
 */
export function createAlertDigestQueue(options: QueueConnection): AlertDigestQueue {
  return createQueue<AlertDigestJob>(ALERT_DIGEST_QUEUE, {
    ...options,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 60_000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  });
}

/** One alert's digest (src/domain/alert-digests.ts). */
export async function runAlertDigestJob(
  ctx: ItemsContext,
  job: Pick<Job<AlertDigestJob>, 'data' | 'id'>,
): Promise<{ status: string }> {
  const { alertId, after } = job.data;
  const status = await sendAlertDigest(ctx, {
    alertId: new mongoose.Types.ObjectId(alertId),
    jobId: job.id ?? `alert-digest-${alertId}-${after}`,
  });
  return { status };
}

/** The worker of the alert digests, in the items API process (BullMQ hands each job to one replica). */
export function startAlertDigestWorker(
  ctx: ItemsContext,
  options: { redisUrl: string; prefix: string; logger: Logger },
): RunningWorker<AlertDigestJob, { status: string }> {
  return startWorker({
    queue: ALERT_DIGEST_QUEUE,
    processor: (job) => runAlertDigestJob(ctx, job),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    name: 'alert-digests',
    concurrency: 1,
  });
}
