import { UnrecoverableError, type Job } from 'bullmq';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
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
export function startAvatarWorker(options: AvatarWorkerOptions): RunningWorker<AvatarJobData, AvatarOutcome> {
  return startWorker({
    queue: AVATAR_QUEUE,
    processor: avatarProcessor(options.core),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.core.logger,
    name: 'auth-avatar-worker',
    concurrency: options.concurrency,
  });
}
