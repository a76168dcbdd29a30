import mongoose from 'mongoose';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { markImageFailed } from '../domain/process-image';
import type { ImageQueue } from './queues';

export interface SweepOutcome {
  requeued: number;
  failed: number;
}

const BATCH = 500;

/**
 * Makes sure no photo stays `processing` for ever: for each photo processing for longer than `olderThanMs`, a
 * missing job (the API could not enqueue it, or Redis lost it) is enqueued again, a job that failed for good
 * (e.g. its worker died too often) marks the photo failed, and a job that completed without marking it (the
 * item changed meanwhile) is run again.
 */
export async function requeueStuckImages(
  core: ItemsCore,
  queue: ImageQueue,
  props: { olderThanMs: number },
): Promise<SweepOutcome> {
  const before = new Date(Date.now() - props.olderThanMs);
  const items = await core.items
    .find({ 'photos.state': 'processing' })
    .select({ photos: 1 })
    .limit(BATCH)
    .lean<Pick<ItemRecord, '_id' | 'photos'>[]>();
  const outcome: SweepOutcome = { requeued: 0, failed: 0 };
  for (const item of items) {
    for (const photo of item.photos) {
      if (photo.state !== 'processing' || photo.createdAt > before) continue;
      const data = { itemId: item._id.toHexString(), imageId: photo._id.toHexString() };
      const job = await queue.getJob(data.imageId);
      const state = job ? await job.getState() : 'missing';
      if (state === 'failed') {
        await markImageFailed(core, { ...data, reason: job?.failedReason || 'image job failed' });
        outcome.failed += 1;
      } else if (state === 'missing' || state === 'unknown' || state === 'completed') {
        if (job) await job.remove();
        await queue.add('process', data, { jobId: data.imageId });
        outcome.requeued += 1;
      }
    }
  }
  return outcome;
}

/** Runs the sweep (stuck photos, then left-over uploads) now and then every `intervalMs` until stopped. */
export function startStuckImageSweeper(
  core: ItemsCore,
  queue: ImageQueue,
  props: { intervalMs: number; olderThanMs: number },
): { stop(): Promise<void> } {
  const log = core.logger.child({ component: 'image-sweeper' });
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= requeueStuckImages(core, queue, props)
      .then(async (outcome) => {
        if (outcome.requeued || outcome.failed) log.warn(outcome, 'stuck images handled');
        const uploads = await deleteUnneededUploads(core, props);
        if (uploads > 0) log.info({ uploads }, 'left-over uploads deleted');
      })
      .catch((error: unknown) => log.error({ err: error }, 'image sweep failed'))
      .finally(() => (running = undefined));
  };
  sweep();
  const timer = setInterval(sweep, props.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Deletes raw uploads older than `olderThanMs` that no photo needs any more: its photo is ready or failed, or
 * gone with its item. (Uploads are only read while their photo is processing.)
 */
export async function deleteUnneededUploads(
  core: Pick<ItemsCore, 'items' | 'files'>,
  props: { olderThanMs: number },
): Promise<number> {
  const uploadIds = await core.files.listUploadsBefore(new Date(Date.now() - props.olderThanMs), BATCH);
  if (uploadIds.length === 0) return 0;
  const items = await core.items
    .find({ 'photos._id': mongoose.trusted({ $in: uploadIds }) })
    .select({ photos: 1 })
    .lean<Pick<ItemRecord, '_id' | 'photos'>[]>();
  const processing = new Set(
    items.flatMap((item) =>
      item.photos.filter((photo) => photo.state === 'processing').map((photo) => photo._id.toHexString()),
    ),
  );
  const unneeded = uploadIds.filter((id) => !processing.has(id.toHexString()));
  await core.files.deleteUploads(unneeded);
  return unneeded.length;
}
