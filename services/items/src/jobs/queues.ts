import { Queue, QueueEvents } from 'bullmq';
import { closeRedis, createRedis, type Redis } from '@nomadswap/service-kit/redis';
import type { Logger } from '@nomadswap/service-kit/logger';

export const IMAGE_QUEUE = 'images';

/** One uploaded photo of an item to turn into its served variants. The job id is the image id. */
export interface ImageJobData {
  itemId: string;
  imageId: string;
}

export type ImageQueue = Queue<ImageJobData>;

export const IMAGE_JOB_ATTEMPTS = 3;

/** The `images` queue: retried with backoff, failures kept a week so admins can see what failed and why. */
export function createImageQueue(options: { redis: Redis; prefix: string; logger?: Logger }): ImageQueue {
  const queue = new Queue<ImageJobData>(IMAGE_QUEUE, {
    connection: options.redis,
    prefix: options.prefix,
    defaultJobOptions: {
      attempts: IMAGE_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  });
  queue.on('error', (error) => options.logger?.warn({ err: error }, 'image queue error'));
  return queue;
}

export interface ItemQueues {
  images: ImageQueue;
  /** Lets the API wait for the image jobs it enqueued. */
  imageEvents: QueueEvents;
  /** Resolves once the queue and the event listener are connected. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface QueueOptions {
  /** The service's ordinary client: queue commands fail fast while Redis is away instead of hanging a request. */
  redis: Redis;
  /** For the blocking connection QueueEvents needs. */
  redisUrl: string;
  /** BullMQ key prefix (config BULLMQ_PREFIX; tests use their own). */
  prefix: string;
  logger?: Logger;
}

/** The queue the API process adds to; the worker process (src/worker.ts) runs its processor. */
export function createItemQueues(options: QueueOptions): ItemQueues {
  const images = createImageQueue(options);
  const eventsRedis = createRedis(options.redisUrl, {
    name: 'items-image-events',
    forBullmq: true,
    logger: options.logger,
  });
  const imageEvents = new QueueEvents(IMAGE_QUEUE, { connection: eventsRedis, prefix: options.prefix });
  imageEvents.on('error', (error) => options.logger?.warn({ err: error }, 'image queue events error'));
  return {
    images,
    imageEvents,
    async ready() {
      await Promise.all([images.waitUntilReady(), imageEvents.waitUntilReady()]);
    },
    async close() {
      await Promise.allSettled([images.close(), imageEvents.close()]);
      await closeRedis(eventsRedis);
    },
  };
}
