import type { ItemUpdateInput } from '@nomadswap/contracts/items';
import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import { ValidationError } from '@nomadswap/service-kit/errors';
import type { ItemsContext } from '../context';
import type { ItemRecord, PhotoRecord } from '../data/item';
import { writeItemChange } from '../events/publish-item-events';
import { assertOwner, findItemOr404 } from './find-item';
import { presentItemFor } from './get-item';
import { imageIdFromUrl, type Viewer } from './item-views';
import { readImageUpload, type ImageUpload } from '@nomadswap/service-kit/image-upload';
import { requestImageProcessing } from './request-image-processing';
import { storeNewPhotos } from './store-new-photos';
import { updateItemVersioned } from './update-item-versioned';
import { editableFields } from './editable-fields';
import { resolveAvailableUntil, syncItemDeadline } from './item-deadlines';
import { type Id } from '../data/ids';
import { queueItemForAlerts } from './alert-digests';

/** What the `images` list of an edit asks for, in order: photos to keep (by id) and new uploads. */
type PhotoPlan = ({ keep: string } | { upload: ImageUpload })[];

async function planPhotos(images: string[], item: ItemRecord): Promise<PhotoPlan> {
  const plan: PhotoPlan = [];
  const kept = new Set<string>();
  for (const [index, image] of images.entries()) {
    const field = `images.${index}`;
    if (image.startsWith('data:')) {
      plan.push({ upload: await readImageUpload(image, field) });
      continue;
    }
    const imageId = imageIdFromUrl(image);
    if (!imageId || !item.photos.some((photo) => photo._id.toHexString() === imageId)) {
      throw new ValidationError(MSG.imageNotOnItem, { details: [{ field, message: MSG.imageNotOnItem }] });
    }
    if (kept.has(imageId)) continue;
    kept.add(imageId);
    plan.push({ keep: imageId });
  }
  return plan;
}

/**
 * The owner edits their item (PUT: every field). `images`, when given, is the whole new photo list in order:
 * `/api/images/<id>` URLs keep those photos, data URLs add new ones (checked like on creation), photos left out
 * are deleted with their files. Without `images` the photos stay as they are.
 */
export async function updateItem(
  ctx: ItemsContext,
  props: { viewer: Viewer; itemId: string; input: ItemUpdateInput },
): Promise<Item> {
  const { input, viewer } = props;
  const current = await findItemOr404(ctx, props.itemId);
  assertOwner(current, viewer);
  // Left out: the deadline stays; null: no deadline any more.
  const deadline =
    input.availableUntil === undefined
      ? {}
      : {
          availableUntil: input.availableUntil
            ? resolveAvailableUntil(ctx, { value: input.availableUntil, item: input })
            : null,
        };
  const plan = input.images ? await planPhotos(input.images, current) : null;
  const uploads = plan?.flatMap((step) => ('upload' in step ? [step.upload] : [])) ?? [];
  const added = await storeNewPhotos(ctx, { itemId: current._id, userId: current.userId, uploads });

  let removed: Id[] = [];
  let updated: ItemRecord | null | undefined;
  try {
    // Once written, the item is past the version read here (a concurrent edit announces itself too).
    const exists = { version: { $gt: current.version } };
    updated = await writeItemChange(ctx, 'item.updated', { itemId: current._id, exists }, () =>
      updateItemVersioned(ctx, { itemId: current._id, userId: current.userId }, (item) => {
        const fields = { ...editableFields(input), ...deadline };
        if (!plan) return fields;
        // States come from the latest version: a photo may have become ready since the request started.
        const byId = new Map(item.photos.map((photo) => [photo._id.toHexString(), photo]));
        const queue = [...added];
        const photos: PhotoRecord[] = [];
        for (const step of plan) {
          const photo = 'keep' in step ? byId.get(step.keep) : queue.shift();
          if (photo) photos.push(photo);
        }
        const keptIds = new Set(photos.map((photo) => photo._id.toHexString()));
        removed = item.photos.filter((photo) => !keptIds.has(photo._id.toHexString())).map((p) => p._id);
        return { ...fields, photos };
      }),
    );
  } catch (error) {
    await ctx.files.deleteImages(added.map((photo) => photo._id)).catch(() => undefined);
    throw error;
  }
  await syncItemDeadline(ctx, current, updated ?? null);
  // An item moved into another city (or category) is new there: its alerts hear of it, once per alert ever
  // (decision 0079), like a new or relisted item. Other edits announce nothing.
  if (updated && (updated.placeId !== current.placeId || updated.category !== current.category)) {
    await queueItemForAlerts(ctx, updated);
  }
  if (removed.length > 0) await ctx.files.deleteImages(removed);
  await requestImageProcessing(ctx, { itemId: current._id, imageIds: added.map((photo) => photo._id) });
  return presentItemFor(ctx, { viewer, itemId: props.itemId });
}
