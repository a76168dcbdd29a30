import type { ItemsContext } from '../context';
import { type Id } from '../data/ids';

/**
 * Enqueues the image jobs of an item's new photos and waits for them, together, up to
 * `settings.imageWaitMs`, so the answer normally carries ready images. A slower (or stopped) worker only means
 * the answer shows `processing`; the jobs complete later and publish item.updated. When the queue cannot be
 * reached at all, the photos stay `processing` and the worker's sweeper enqueues them later.
 */
export async function requestImageProcessing(
  ctx: ItemsContext,
  props: { itemId: Id; imageIds: Id[] },
): Promise<void> {
  if (props.imageIds.length === 0) return;
  const itemId = props.itemId.toHexString();
  let jobs;
  try {
    jobs = await ctx.queues.images.addBulk(
      props.imageIds.map((imageId) => ({
        name: 'process',
        data: { itemId, imageId: imageId.toHexString() },
        opts: { jobId: imageId.toHexString() },
      })),
    );
  } catch (error) {
    ctx.logger.error({ err: error, itemId }, 'cannot enqueue image jobs; the sweeper will retry');
    return;
  }
  if (ctx.settings.imageWaitMs <= 0) return;
  const outcomes = await Promise.allSettled(
    jobs.map((job) => job.waitUntilFinished(ctx.queues.imageEvents, ctx.settings.imageWaitMs)),
  );
  const late = outcomes.filter((outcome) => outcome.status === 'rejected');
  if (late.length > 0) {
    ctx.logger.info(
      { itemId, notReady: late.length },
      'images not ready in time (or failed); answering with their state',
    );
  }
}
