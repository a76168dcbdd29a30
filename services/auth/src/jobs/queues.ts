import { Queue, QueueEvents } from 'bullmq';
import { closeRedis, createRedis, type Redis } from '@nomadswap/service-kit/redis';
import type { Logger } from '@nomadswap/service-kit/logger';

export const AVATAR_QUEUE = 'avatars';
export const NOTIFICATION_QUEUE = 'notifications';

/** One raw upload of a user to turn into the served avatar. */
export interface AvatarJobData {
  userId: string;
  uploadId: string;
}

/** E-mails the worker sends; the recipient is read from the database when the job runs. */
export type NotificationJobData = { kind: 'account-approved'; userId: string };

export interface AuthQueues {
  avatars: Queue<AvatarJobData>;
  /** Lets the API wait for an avatar job it enqueued. */
  avatarEvents: QueueEvents;
  notifications: Queue<NotificationJobData>;
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
  const { redis, prefix } = options;
  const avatars = new Queue<AvatarJobData>(AVATAR_QUEUE, {
    connection: redis,
    prefix,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 3_600, count: 1_000 },
      // Kept a week so admins can see what failed and why.
      removeOnFail: { age: 7 * 24 * 3_600 },
    },
  });
  const notifications = new Queue<NotificationJobData>(NOTIFICATION_QUEUE, {
    connection: redis,
    prefix,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 24 * 3_600 },
      removeOnFail: { age: 30 * 24 * 3_600 },
    },
  });
  const eventsRedis = createRedis(options.redisUrl, {
    name: 'auth-avatar-events',
    forBullmq: true,
    logger: options.logger,
  });
  const avatarEvents = new QueueEvents(AVATAR_QUEUE, { connection: eventsRedis, prefix });
  const logError = (error: Error) => options.logger?.warn({ err: error }, 'queue error');
  avatars.on('error', logError);
  notifications.on('error', logError);
  avatarEvents.on('error', logError);

  return {
    avatars,
    avatarEvents,
    notifications,
    async ready() {
      await Promise.all([
        avatars.waitUntilReady(),
        notifications.waitUntilReady(),
        avatarEvents.waitUntilReady(),
      ]);
    },
    async close() {
      await Promise.allSettled([avatars.close(), notifications.close(), avatarEvents.close()]);
      await closeRedis(eventsRedis);
    },
  };
}
