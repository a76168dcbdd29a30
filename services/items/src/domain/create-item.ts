import type { ItemCreateInput } from '@nomadswap/contracts/items';
import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import { ValidationError } from '@nomadswap/service-kit/errors';
import type { ItemsContext } from '../context';
import type { ItemRecord } from '../data/item';
import type { OwnerRecord } from '../data/owner';
import { writeItemChange } from '../events/publish-item-events';
import { presentItemFor } from './get-item';
import type { Viewer } from './item-views';
import { readImageUpload } from '@nomadswap/service-kit/image-upload';
import { requestImageProcessing } from './request-image-processing';
import { storeNewPhotos } from './store-new-photos';
import { editableFields } from './editable-fields';
import { departureFrom, resolveAvailableUntil, syncItemDeadline } from './item-deadlines';
import { queueItemForAlerts } from './alert-digests';
import { newId, oid } from '../data/ids';

/**
 * An approved traveller lists an item. The owner is the caller, whatever the body says. Every photo is checked
 * (type by its bytes, size, pixel count) before anything is stored; the raw uploads go to GridFS and to the
 * image jobs, and the answer waits briefly for them, so it normally carries ready images.
 */
export async function createItem(
  ctx: ItemsContext,
  props: { viewer: Viewer; input: ItemCreateInput },
): Promise<Item> {
  const { input, viewer } = props;
  const fields = editableFields(input);
  // The owner's stay and travelling mode, as their user events brought them (issue 22).
  const owner = await ctx.owners
    .findById(viewer.id)
    .select({ stay: 1, inTransit: 1 })
    .lean<Pick<OwnerRecord, 'stay' | 'inTransit'>>();
  const availableUntil = input.availableUntil
    ? resolveAvailableUntil(ctx, { value: input.availableUntil, item: input })
    : input.availableUntil === undefined
      ? departureFrom(ctx, { stay: owner?.stay, placeId: fields.placeId ?? null })
      : null;
  const uploads = [];
  for (const [index, image] of input.images.entries()) {
    if (!image.startsWith('data:')) {
      // A new item has no photos yet: an image URL here would borrow someone else's picture.
      throw new ValidationError(MSG.invalidFileType, {
        details: [{ field: `images.${index}`, message: MSG.invalidFileType }],
      });
    }
    uploads.push(await readImageUpload(image, `images.${index}`));
  }

  const itemId = newId();
  const userId = oid(viewer.id);
  const photos = await storeNewPhotos(ctx, { itemId, userId, uploads });
  let created: ItemRecord | null | undefined;
  try {
    // The event's intent is stored before the item (writeItemChange): item.created cannot be lost.
    created = await writeItemChange(ctx, 'item.created', { itemId, exists: {} }, async () => {
      const doc = await ctx.items.create({
        _id: itemId,
        ...fields,
        availableUntil,
        ownerPaused: owner?.inTransit ?? false,
        userId,
        photos,
      });
      return doc.toObject<ItemRecord>({ transform: false, virtuals: false, flattenObjectIds: false });
    });
  } catch (error) {
    await ctx.files.deleteImages(photos.map((photo) => photo._id)).catch(() => undefined);
    throw error;
  }
  await syncItemDeadline(ctx, null, created ?? null);
  await queueItemForAlerts(ctx, created ?? null);
  await requestImageProcessing(ctx, { itemId, imageIds: photos.map((photo) => photo._id) });
  return presentItemFor(ctx, { viewer, itemId: itemId.toHexString() });
}
