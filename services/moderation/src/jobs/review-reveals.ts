import type { Queue } from 'bullmq';
import type { Logger } from '@nomadswap/service-kit/logger';
import { createQueue, startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { Redis } from '@nomadswap/service-kit/redis';
import type { ModerationContext } from '../context';
import { revealDueReviews } from '../domain/reveal-reviews';

export const REVIEW_REVEAL_QUEUE = 'review-reveals';
/** The one schedule of the sweep: every moderation replica upserts the same, BullMQ runs it once per period. */
const SCHEDULER_ID = 'reveal-due-reviews';

export interface ReviewRevealer {
  queue: Queue;
  worker: RunningWorker<unknown, number>['worker'];
  /** Stops the schedule's worker (the schedule stays in Redis for the next start). */
  close(): Promise<void>;
}

/**
 * The reveal sweeper: a repeatable BullMQ job, every `everyMs`, that reveals the reviews whose 14 days are up
 * (revealDueReviews at the context's clock, which tests set). Runs in the moderation process; one job at a time.
 */
export async function startReviewRevealer(options: {
  ctx: Pick<ModerationContext, 'bus' | 'reviews' | 'clock'>;
  redis: Redis;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  everyMs: number;
}): Promise<ReviewRevealer> {
  const { ctx, logger } = options;
  const queue = createQueue(REVIEW_REVEAL_QUEUE, {
    redis: options.redis,
    prefix: options.prefix,
    logger,
    defaultJobOptions: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  });
  const running = startWorker<unknown, number>({
    queue: REVIEW_REVEAL_QUEUE,
    processor: async () => {
      const revealed = await revealDueReviews(ctx, { now: ctx.clock() });
      if (revealed > 0) logger.info({ revealed }, 'reviews revealed after 14 days');
      return revealed;
    },
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger,
    name: 'moderation-review-reveals',
    concurrency: 1,
  });
  await queue.upsertJobScheduler(SCHEDULER_ID, { every: options.everyMs }, { name: 'reveal' });
  return {
    queue,
    worker: running.worker,
    async close() {
      await running.close();
      await queue.close().catch(() => undefined);
    },
  };
}
