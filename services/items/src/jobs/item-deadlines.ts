import type { Job } from 'bullmq';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { Logger } from '@nomadswap/service-kit/logger';
import type { ItemsContext } from '../context';
import { expireItem, remindOwner } from '../domain/item-deadlines';
import { oid } from '../data/ids';
import { DEADLINE_QUEUE, type DeadlineJob } from './queues';

/** One deadline job: the item's expiry, or an owner's reminder (src/domain/item-deadlines.ts). */
export async function runDeadlineJob(
  ctx: ItemsContext,
  job: Pick<Job<DeadlineJob>, 'data' | 'id'>,
): Promise<{ status: string }> {
  const { data } = job;
  if (data.kind === 'expire') {
    const itemId = oid(data.itemId);
    return { status: await expireItem(ctx, { itemId, at: new Date(data.at) }) };
  }
  const status = await remindOwner(ctx, {
    userId: oid(data.userId),
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
