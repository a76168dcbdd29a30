import {
  Queue,
  QueueEvents,
  Worker,
  type DefaultJobOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import type { Logger } from 'pino';
import { closeRedis, createRedis, type Redis } from './redis';

/**
 * Jobs that turn an upload into served images (avatars, item photos): a few retries with a short backoff,
 * completed jobs kept an hour, failures kept a week so admins can see what failed and why.
 */
export const IMAGE_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const satisfies DefaultJobOptions;

export interface QueueConnection {
  /** The service's ordinary client: queue commands fail fast while Redis is away instead of hanging a request. */
  redis: Redis;
  /** BullMQ key prefix (config BULLMQ_PREFIX; tests use their own). Producers and workers must agree. */
  prefix: string;
  logger?: Logger;
}

/** A BullMQ queue on the service's client, its errors logged rather than thrown at nobody. */
export function createQueue<Data>(
  name: string,
  options: QueueConnection & { defaultJobOptions: DefaultJobOptions },
): Queue<Data> {
  const queue = new Queue<Data>(name, {
    connection: options.redis,
    prefix: options.prefix,
    defaultJobOptions: options.defaultJobOptions,
  });
  queue.on('error', (error) => options.logger?.warn({ err: error, queue: name }, 'queue error'));
  return queue;
}

export interface QueueListener {
  /** Lets a producer wait for the jobs it enqueued (`job.waitUntilFinished(events, ms)`). */
  events: QueueEvents;
  ready(): Promise<unknown>;
  close(): Promise<void>;
}

/** QueueEvents on its own blocking connection (named `connectionName` in `CLIENT LIST`). */
export function createQueueListener(
  name: string,
  options: { redisUrl: string; prefix: string; connectionName: string; logger?: Logger },
): QueueListener {
  const connection = createRedis(options.redisUrl, {
    name: options.connectionName,
    forBullmq: true,
    logger: options.logger,
  });
  const events = new QueueEvents(name, { connection, prefix: options.prefix });
  events.on('error', (error) => options.logger?.warn({ err: error, queue: name }, 'queue events error'));
  return {
    events,
    ready: () => events.waitUntilReady(),
    async close() {
      await events.close().catch(() => undefined);
      await closeRedis(connection);
    },
  };
}

export interface RunningWorker<Data = unknown, Result = unknown> {
  worker: Worker<Data, Result>;
  /** Finishes the running jobs, then runs `onClose` and disconnects. */
  close(): Promise<void>;
}

export interface StartWorkerOptions<Data, Result> {
  /** The queue's name. */
  queue: string;
  processor: Processor<Data, Result>;
  redisUrl: string;
  /** BullMQ key prefix; must match the producers'. */
  prefix: string;
  logger: Logger;
  /** Names the worker's connection (`CLIENT LIST`) and its log lines (`component`). */
  name: string;
  concurrency: number;
  /** Further BullMQ worker settings (locks, stalled checks). */
  settings?: Omit<WorkerOptions, 'connection' | 'prefix' | 'concurrency'>;
  /** Runs after the last job finished, before the connection closes (flush what the processor batched). */
  onClose?: () => Promise<void>;
}

/**
 * Starts a BullMQ worker on its own blocking connection, with failed jobs and worker errors logged (used by the
 * worker processes, and in-process by the tests).
 */
export function startWorker<Data, Result>(
  options: StartWorkerOptions<Data, Result>,
): RunningWorker<Data, Result> {
  const connection = createRedis(options.redisUrl, {
    name: options.name,
    forBullmq: true,
    logger: options.logger,
  });
  const worker = new Worker<Data, Result>(options.queue, options.processor, {
    ...options.settings,
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
  });
  const log = options.logger.child({ component: options.name });
  worker.on('failed', (job, error) =>
    log.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, `${options.queue} job failed`),
  );
  worker.on('error', (error) => log.error({ err: error }, `${options.queue} worker error`));
  return {
    worker,
    async close() {
      await worker.close();
      await options.onClose?.();
      await closeRedis(connection);
    },
  };
}
