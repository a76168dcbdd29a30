import type { Job } from 'bullmq';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { ItemsContext } from '../context';
import { sendAlertDigest } from '../domain/alert-digests';
import { oid } from '../data/ids';
import { ALERT_DIGEST_QUEUE, type AlertDigestJob } from './queues';

/** One alert's digest (src/domain/alert-digests.ts). */
export async function runAlertDigestJob(
  ctx: ItemsContext,
  job: Pick<Job<AlertDigestJob>, 'data' | 'id'>,
): Promise<{ status: string }> {
  const { alertId, after } = job.data;
  const status = await sendAlertDigest(ctx, {
    alertId: oid(alertId),
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
