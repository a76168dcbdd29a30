import type { Types } from 'mongoose';
import type { ItemsCore } from '../context';

export interface UploadJanitor {
  /** Queues a processed upload for deletion (within `flushMs`). */
  discard(imageId: Types.ObjectId): void;
  /** Deletes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops. */
  stop(): Promise<void>;
}

/**
 * Deletes the raw uploads of processed photos in batches: two commands for many photos instead of two per photo,
 * on the worker's hot path. Uploads queued by a worker that dies before flushing are deleted by the sweeper
 * (`deleteUnneededUploads`).
 */
export function createUploadJanitor(
  core: Pick<ItemsCore, 'files' | 'logger'>,
  options: { flushMs?: number; maxBatch?: number } = {},
): UploadJanitor {
  const flushMs = options.flushMs ?? 200;
  const maxBatch = options.maxBatch ?? 100;
  let pending: Types.ObjectId[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    flushing = flushing.then(async () => {
      try {
        await core.files.deleteUploads(batch);
      } catch (error) {
        core.logger.warn(
          { err: error, uploads: batch.length },
          'cannot delete processed uploads; the sweeper will',
        );
      }
    });
    return flushing;
  };

  return {
    discard(imageId) {
      pending.push(imageId);
      if (pending.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    async stop() {
      await flush();
    },
  };
}
