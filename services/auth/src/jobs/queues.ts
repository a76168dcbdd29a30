import type { Queue } from 'bullmq';
import type { Logger } from '@nomadswap/service-kit/logger';
import { createNotificationQueue, type NotificationQueue } from '@nomadswap/service-kit/notifications';
import {
  IMAGE_JOB_OPTIONS,
  createQueue,
  createQueueListener,
  type QueueListener,
} from '@nomadswap/service-kit/queues';
import type { Redis } from '@nomadswap/service-kit/redis';

export const AVATAR_QUEUE = 'avatars';

/** One raw upload of a user to turn into the served avatar. */
export interface AvatarJobData {
  userId: string;
  uploadId: string;
}

export interface AuthQueues {
  avatars: Queue<AvatarJobData>;
  /** Lets the API wait for an avatar job it enqueued. */
  avatarEvents: QueueListener['events'];
  /** The shared e-mail queue (any service's worker may send them). */
  notifications: NotificationQueue;
  /** Resolves once the queues and the event listener are connected. */
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

/** The queues the API process adds to; the worker process (src/worker.ts) runs their processors. */
export function createAuthQueues(options: QueueOptions): AuthQueues {
  const avatars = createQueue<AvatarJobData>(AVATAR_QUEUE, {
    ...options,
    defaultJobOptions: IMAGE_JOB_OPTIONS,
  });
  const notifications = createNotificationQueue(options);
  const avatarEvents = createQueueListener(AVATAR_QUEUE, {
    ...options,
    connectionName: 'auth-avatar-events',
  });
  return {
    avatars,
    avatarEvents: avatarEvents.events,
    notifications,
    async ready() {
      await Promise.all([avatars.waitUntilReady(), notifications.ready(), avatarEvents.ready()]);
    },
    async close() {
      await Promise.allSettled([avatars.close(), notifications.close()]);
      await avatarEvents.close();
    },
  };
}
