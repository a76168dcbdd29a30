import type { Queue } from 'bullmq';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@nomadswap/contracts/push';
import { createQueue, type QueueConnection } from './queues';

/** The one queue of web pushes (issue 23): any service enqueues, messaging's push worker sends. */
export const PUSH_QUEUE = 'push';

/**
 * A push service answering 429 or 5xx is retried with a growing backoff for about 5 minutes (a push that late is
 * still worth showing); sent jobs kept an hour, failures a week.
 */
export const PUSH_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 3_600 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;

/**
 * A job of the queue: to whom, of which kind (the user's push switch for it decides), and what to show. `tag`
 * groups a burst (one per conversation or exchange): the worker sends at most one per user and tag per
 * {@link PUSH_TAG_INTERVAL_MS} and the device replaces a shown notification of the same tag.
 */
export const PushJobSchema = z.object({
  userId: z.string().regex(/^[0-9a-f]{24}$/),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  /** A path of the web app (never another site: `//host` is refused too). */
  url: z.string().regex(/^\/(?!\/)/),
  tag: z.string().min(1).max(100),
});
export type PushJob = z.infer<typeof PushJobSchema>;

/** Never more than one push per conversation (tag) and user in this window (issue 23). */
export const PUSH_TAG_INTERVAL_MS = 2 * 60 * 1000;

export interface PushQueue {
  /** Puts one push on the queue; a `jobId` makes it idempotent, a `delay` (ms) sends it later. */
  enqueue(job: PushJob, options?: { jobId?: string; delay?: number }): Promise<void>;
  /** The BullMQ queue itself (tests read its jobs; delayed pushes are removed through it). */
  queue: Queue<PushJob>;
  close(): Promise<void>;
}

/** The producer side of the `push` queue, on the service's ordinary Redis client. */
export function createPushQueue(options: QueueConnection): PushQueue {
  const queue = createQueue<PushJob>(PUSH_QUEUE, { ...options, defaultJobOptions: PUSH_JOB_OPTIONS });
  return {
    queue,
    async enqueue(job, enqueueOptions = {}) {
      const data = PushJobSchema.parse(job);
      await queue.add(data.kind, data, {
        ...(enqueueOptions.jobId ? { jobId: enqueueOptions.jobId } : {}),
        ...(enqueueOptions.delay ? { delay: enqueueOptions.delay } : {}),
      });
    },
    close: () => queue.close(),
  };
}
