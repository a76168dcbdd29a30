import type { Queue } from 'bullmq';
import {
  IMAGE_JOB_OPTIONS,
  createQueue,
  createQueueListener,
  type ProducerOptions,
  type QueueConnection,
  type QueueListener,
} from '@nomadswap/service-kit/queues';

/** One delayed job of a listing deadline; its id says everything it depends on, so adding it twice adds nothing. */
export type DeadlineJob =
  | { kind: 'expire'; itemId: string; at: string }
  | { kind: 'remind'; userId: string; at: string; beforeMs: number };

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

/** One delayed digest of an alert; `after` is the alert's `lastDigestAt` (ms, 0: never) it was planned from. */
export interface AlertDigestJob {
  alertId: string;
  after: number;
}

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

export const IMAGE_QUEUE = 'images';

/** One uploaded photo of an item to turn into its served variants. The job id is the image id. */
export interface ImageJobData {
  itemId: string;
  imageId: string;
}

export type ImageQueue = Queue<ImageJobData>;

/** The `images` queue: retried with backoff, failures kept a week so admins can see what failed and why. */
export function createImageQueue(options: QueueConnection): ImageQueue {
  return createQueue<ImageJobData>(IMAGE_QUEUE, { ...options, defaultJobOptions: IMAGE_JOB_OPTIONS });
}

export interface ItemQueues {
  images: ImageQueue;
  /** Lets the API wait for the image jobs it enqueued. */
  imageEvents: QueueListener['events'];
  /** Resolves once the queue and the event listener are connected. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The queue the API process adds to; the worker process (src/worker.ts) runs its processor. */
export function createItemQueues(options: ProducerOptions): ItemQueues {
  const images = createImageQueue(options);
  const imageEvents = createQueueListener(IMAGE_QUEUE, {
    ...options,
    connectionName: 'items-image-events',
  });
  return {
    images,
    imageEvents: imageEvents.events,
    async ready() {
      await Promise.all([images.waitUntilReady(), imageEvents.ready()]);
    },
    async close() {
      await images.close().catch(() => undefined);
      await imageEvents.close();
    },
  };
}
