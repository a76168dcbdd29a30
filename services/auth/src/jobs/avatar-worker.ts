import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import type { AuthCore } from '../context';
import {
  discardAvatarUpload,
  processAvatarUpload,
  type AvatarOutcome,
} from '../domain/process-avatar-upload';
import { AvatarImageError } from '../domain/render-avatar';
import { AVATAR_QUEUE, type AvatarJobData } from './queues';

export interface AvatarWorkerOptions {
  core: AuthCore;
  redisUrl: string;
  /** BullMQ key prefix; must match the API's queues. */
  prefix: string;
  /** Jobs run at once (config AVATAR_CONCURRENCY). */
  concurrency: number;
}

export interface RunningWorker {
  worker: Worker;
  /** Finishes the running jobs, then disconnects. */
  close(): Promise<void>;
}

/** The processor of the `avatars` queue: a broken image fails the job at once, anything else is retried. */
export function avatarProcessor(core: AuthCore) {
  return async (job: Job<AvatarJobData>): Promise<AvatarOutcome> => {
    try {
      return await processAvatarUpload(core, job.data);
    } catch (error) {
      if (error instanceof AvatarImageError) {
        await discardAvatarUpload(core, job.data);
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
  };
}

/** Starts processing avatar jobs (used by src/worker.ts, and in-process by the tests). */
export function startAvatarWorker(options: AvatarWorkerOptions): RunningWorker {
  const { core } = options;
  const connection = createRedis(options.redisUrl, {
    name: 'auth-avatar-worker',
    forBullmq: true,
    logger: core.logger,
  });
  const worker = new Worker<AvatarJobData, AvatarOutcome>(AVATAR_QUEUE, avatarProcessor(core), {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
  });
  const log = core.logger.child({ component: 'avatar-worker' });
  worker.on('failed', (job, error) =>
    log.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, 'avatar job failed'),
  );
  worker.on('error', (error) => log.error({ err: error }, 'avatar worker error'));
  return {
    worker,
    async close() {
      await worker.close();
      await closeRedis(connection);
    },
  };
}
