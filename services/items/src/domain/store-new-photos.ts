import type { ItemsCore } from '../context';
import type { PhotoRecord } from '../data/item';
import type { ImageUpload } from '@nomadswap/service-kit/image-upload';
import { type Id, newId } from '../data/ids';

/**
 * Stores checked uploads as the raw files of new photos (state `processing`). If one write fails, the ones
 * already written are removed and the error is rethrown.
 */
export async function storeNewPhotos(
  core: Pick<ItemsCore, 'files'>,
  props: { itemId: Id; userId: Id; uploads: ImageUpload[] },
): Promise<PhotoRecord[]> {
  const photos: PhotoRecord[] = [];
  try {
    for (const upload of props.uploads) {
      const imageId = newId();
      await core.files.saveUpload({
        id: imageId,
        ...upload,
        metadata: { itemId: props.itemId, userId: props.userId },
      });
      photos.push({ _id: imageId, state: 'processing', error: null, createdAt: new Date() });
    }
  } catch (error) {
    await core.files.deleteImages(photos.map((photo) => photo._id)).catch(() => undefined);
    throw error;
  }
  return photos;
}
