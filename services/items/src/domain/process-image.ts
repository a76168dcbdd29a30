import type { ItemsCore } from '../context';
import { markPhotoReady, type ItemRecord } from '../data/item';
import { intendItemChange, writeItemChange } from '../events/publish-item-events';
import { ImageRenderError, renderImageVariants } from '@nomadswap/service-kit/image-variants';
import { PHOTO_VARIANTS } from '../data/image-files';
import { toItemEventData } from './item-views';
import { type Id, oid, op } from '../data/ids';

export type ImageOutcome =
  | { status: 'ready' }
  /** The item or the photo was deleted meanwhile; whatever was written for it is gone too. */
  | { status: 'superseded' };

export interface ProcessImageOptions {
  /**
   * The job's first run (not a retry, not taken over from a dead worker): nothing can have been written for the
   * image yet, so the checks and the clean-up of earlier attempts are skipped.
   */
  firstRun?: boolean;
  /** Runs between writing the variants and marking the image ready (tests kill a worker there). */
  afterVariantsWritten?: () => Promise<void>;
  /**
   * Gets rid of the raw upload once the photo is ready; default: deleted at once. The worker batches these
   * deletions (an upload it could not delete before dying is left to the sweeper).
   */
  discardUpload?: (imageId: Id) => Promise<void> | void;
}

const ids = (props: { itemId: string; imageId: string }) => ({
  itemId: oid(props.itemId),
  imageId: oid(props.imageId),
});

/**
 * Turns an uploaded photo into its served variants: rendered (upright, resized, no metadata), written to the
 * `images` bucket, the photo marked ready on its item (item.updated published), the raw upload deleted.
 * Safe to run again after a crash at any point: variants are rewritten, a ready photo is left as it is.
 * Throws ImageRenderError when the photo cannot be processed (permanent); other errors are worth a retry.
 */
export async function processImage(
  core: ItemsCore,
  props: { itemId: string; imageId: string },
  options: ProcessImageOptions = {},
): Promise<ImageOutcome> {
  const { itemId, imageId } = ids(props);
  if (!options.firstRun) {
    const item = await core.items
      .findOne({ _id: itemId, 'photos._id': imageId })
      .select({ photos: 1 })
      .lean<Pick<ItemRecord, '_id' | 'photos'>>();
    if (!item) {
      await core.files.deleteImages([imageId]);
      return { status: 'superseded' };
    }
    if (item.photos.find((entry) => entry._id.equals(imageId))?.state === 'ready') {
      await core.files.deleteUpload(imageId);
      return { status: 'ready' };
    }
  }
  const raw = await core.files.readUpload(imageId);
  if (!raw) {
    // Deleted with its item (or photo) meanwhile; otherwise a lost upload can never be processed.
    if (!(await core.items.exists({ _id: itemId, 'photos._id': imageId }))) return { status: 'superseded' };
    throw new ImageRenderError(new Error(`the upload of image ${props.imageId} is missing`));
  }

  const variants = await renderImageVariants(raw, PHOTO_VARIANTS);
  await core.files.saveVariants({
    id: imageId,
    variants,
    metadata: { itemId },
    replace: !options.firstRun,
  });
  await options.afterVariantsWritten?.();

  // Stored before the write: should the worker die after it, the relay announces the ready photo.
  const event = await intendItemChange(core, 'item.updated', {
    itemId,
    exists: { photos: { $elemMatch: { _id: imageId, state: 'ready' } } },
  });
  const updated = await markPhotoReady(core.items, { itemId, imageId });
  if (!updated) {
    await event.cancel();
    // Gone, or no longer processing (another run got there first): either way these files are not needed.
    const current = await core.items
      .findOne({ _id: itemId, 'photos._id': imageId })
      .select({ photos: 1 })
      .lean<Pick<ItemRecord, 'photos'>>();
    const state = current?.photos.find((entry) => entry._id.equals(imageId))?.state;
    if (state === 'ready') return { status: 'ready' };
    await core.files.deleteImages([imageId]);
    return { status: 'superseded' };
  }
  await Promise.all([
    (options.discardUpload ?? core.files.deleteUpload)(imageId),
    event.publish(toItemEventData(updated)),
  ]);
  return { status: 'ready' };
}

/**
 * Gives up on a photo: it shows as failed to its owner and admins (never as a broken picture), and its files go.
 * The owner can remove it and try another photo.
 */
export async function markImageFailed(
  core: ItemsCore,
  props: { itemId: string; imageId: string; reason: string },
): Promise<void> {
  const { itemId, imageId } = ids(props);
  const item = await core.items
    .findOne({ _id: itemId, 'photos._id': imageId })
    .select({ photos: 1 })
    .lean<Pick<ItemRecord, '_id' | 'photos'>>();
  const photo = item?.photos.find((entry) => entry._id.equals(imageId));
  if (!photo) {
    await core.files.deleteImages([imageId]);
    return;
  }
  // Only a photo still processing: a ready one (an earlier attempt got through) stays ready.
  if (photo.state !== 'processing') return;
  const updated = await writeItemChange(
    core,
    'item.updated',
    { itemId, exists: { photos: { $elemMatch: { _id: imageId, state: 'failed' } } } },
    () =>
      core.items
        .findOneAndUpdate(
          { _id: itemId, photos: op({ $elemMatch: { _id: imageId, state: 'processing' } }) },
          {
            // The whole element: one positional path per update is what every engine accepts.
            $set: { 'photos.$': { ...photo, state: 'failed', error: props.reason.slice(0, 300) } },
            $inc: { version: 1 },
          },
          { returnDocument: 'after' },
        )
        .lean<ItemRecord>(),
  );
  if (!updated) return;
  await core.files.deleteImages([imageId]);
}
