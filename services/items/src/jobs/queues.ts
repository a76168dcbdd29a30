import type { Queue } from 'bullmq';
import {
  IMAGE_JOB_OPTIONS,
  createQueue,
  createQueueListener,
  type ProducerOptions,
  type QueueConnection,
  type QueueListener,
} from '@nomadswap/service-kit/queues';

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
