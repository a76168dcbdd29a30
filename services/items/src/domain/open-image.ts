import { NotFoundError } from '@nomadswap/service-kit/errors';
import type { ItemsCore } from '../context';
import type { ImageVariantFile } from '@nomadswap/service-kit/image-store';
import type { ImageFormat } from '@nomadswap/service-kit/image-variants';
import type { ImageSize } from '../data/image-files';
import { oid } from '../data/ids';

/** A processed variant; raw uploads live in another bucket and are never served. 404 until the image is ready. */
export async function openImage(
  core: Pick<ItemsCore, 'files'>,
  props: { imageId: string; size: ImageSize; format: ImageFormat },
): Promise<ImageVariantFile> {
  const file = await core.files.openVariant(oid(props.imageId), props.size, props.format);
  if (!file) throw new NotFoundError();
  return file;
}
