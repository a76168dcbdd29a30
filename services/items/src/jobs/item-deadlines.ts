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
import { expireItem, remindOwner, type DeadlineJob } from '../domain/item-deadlines';

/** The items service's queue of listing deadlines (expiries and the owners' reminders). */
export const DEADLINE_QUEUE = 'item-deadlines';

export type DeadlineQueue = Queue<DeadlineJob>;

/** Retried with backoff (an expiry that ran early by this process's clock comes back later); kept a week. */
export function createDeadlineQueue(options: QueueConnection): DeadlineQueue {
  return createQueue<DeadlineJob>(DEADLINE_QUEUE, {
    ...options,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 10_000 },
      removeOnComplete: { age: 7 * 24 * 3_600 },
      removeOnFail: { age: 30 * 24 * 3_600 },
    },
  });
}

/** One deadline job: the item's expiry, or an owner's reminder (src/domain/item-deadlines.ts). */
export async function runDeadlineJob(
  ctx: ItemsContext,
  job: Pick<Job<DeadlineJob>, 'data' | 'id'>,
): Promise<{ status: string }> {
  const { data } = job;
  if (data.kind === 'expire') {
    const itemId = new mongoose.Types.ObjectId(data.itemId);
    return { status: await expireItem(ctx, { itemId, at: new Date(data.at) }) };
  }
  const status = await remindOwner(ctx, {
    userId: new mongoose.Types.ObjectId(data.userId),
    at: new Date(data.at),
    beforeMs: data.beforeMs,
    jobId: job.id ?? `item-remind-${data.userId}-${new Date(data.at).getTime()}-${data.beforeMs}`,
  });
  return { status };
}

/** The worker of the listing deadlines, in the items API process (BullMQ hands each job to one replica). */
export function startDeadlineWorker(
  ctx: ItemsContext,
  options: { redisUrl: string; prefix: string; logger: Logger },
): RunningWorker<DeadlineJob, { status: string }> {
  return startWorker({
    queue: DEADLINE_QUEUE,
    processor: (job) => runDeadlineJob(ctx, job),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    name: 'item-deadlines',
    concurrency: 2,
  });
}
