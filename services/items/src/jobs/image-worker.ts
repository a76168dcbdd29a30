import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job } from 'bullmq';
import { startWorker, type RunningWorker } from '@nomadswap/service-kit/queues';
import type { ItemsCore } from '../context';
import {
  markImageFailed,
  processImage,
  type ImageOutcome,
  type ProcessImageOptions,
} from '../domain/process-image';
import { ImageRenderError } from '@nomadswap/service-kit/image-variants';
import { IMAGE_QUEUE, type ImageJobData } from './queues';
import { createUploadJanitor } from './upload-janitor';

export interface ImageWorkerOptions {
  core: ItemsCore;
  redisUrl: string;
  /** BullMQ key prefix; must match the API's queue. */
  prefix: string;
  /** Jobs run at once (config IMAGE_CONCURRENCY). */
  concurrency: number;
  /**
   * Lock of a running job (config IMAGE_LOCK_MS): renewed at half this interval while the worker lives; a job
   * whose worker died is taken over once it expires. Stalled jobs are looked for at the same pace.
   */
  lockMs?: number;
  /** Test hook (config IMAGE_TEST_DELAY_MS, NODE_ENV=test only): a pause mid-job. */
  testDelayMs?: number;
}

/**
 * The processor of the `images` queue. A photo that cannot be processed fails at once (no retry); anything else
 * (storage, network) is retried with backoff. On the final failure the photo is marked failed, so nothing is
 * left `processing` for ever.
 */
export function imageProcessor(
  core: ItemsCore,
  options: { testDelayMs?: number; discardUpload?: ProcessImageOptions['discardUpload'] } = {},
) {
  const log = core.logger.child({ component: 'image-worker' });
  return async (job: Job<ImageJobData>): Promise<ImageOutcome> => {
    const started = Date.now();
    log.debug({ jobId: job.id, itemId: job.data.itemId, attempt: job.attemptsStarted }, 'image job started');
    try {
      const outcome = await processImage(core, job.data, {
        firstRun: job.attemptsStarted <= 1,
        discardUpload: options.discardUpload,
        afterVariantsWritten: options.testDelayMs
          ? async () => {
              log.info({ jobId: job.id }, 'image variants written; test delay');
              await sleep(options.testDelayMs);
            }
          : undefined,
      });
      log.info({ jobId: job.id, ...outcome, ms: Date.now() - started }, 'image job done');
      return outcome;
    } catch (error) {
      const permanent = error instanceof ImageRenderError;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (permanent || lastAttempt) {
        await markImageFailed(core, {
          ...job.data,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      if (permanent) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
  };
}

/** Starts processing image jobs (used by src/worker.ts, and in-process by the tests). */
export function startImageWorker(options: ImageWorkerOptions): RunningWorker<ImageJobData, ImageOutcome> {
  const { core } = options;
  const lockMs = options.lockMs ?? 30_000;
  const janitor = createUploadJanitor(core);
  return startWorker({
    queue: IMAGE_QUEUE,
    processor: imageProcessor(core, { testDelayMs: options.testDelayMs, discardUpload: janitor.discard }),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: core.logger,
    name: 'items-image-worker',
    concurrency: options.concurrency,
    settings: {
      lockDuration: lockMs,
      stalledInterval: Math.min(lockMs, 30_000),
      // A job whose worker died twice is failed rather than retried for ever (the sweeper then marks it).
      maxStalledCount: 2,
    },
    onClose: () => janitor.stop(),
  });
}
