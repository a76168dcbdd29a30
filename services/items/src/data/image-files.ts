import type { Connection } from 'mongoose';
import { createImageStore, type ImageStore } from '@nomadswap/service-kit/image-store';
import type { VariantSpec } from '@nomadswap/service-kit/image-variants';

/** Raw uploads as received (never served); deleted once processed. File id = image id. */
export const UPLOADS_BUCKET = 'item-uploads';
/** Processed variants, the only image bytes ever served: thumb and full, each as WebP and JPEG. */
export const IMAGES_BUCKET = 'images';

export const IMAGE_SIZE_NAMES = ['thumb', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZE_NAMES)[number];

/** The card thumbnail and the full-size view of a photo (never enlarged), and their encodings. */
export const PHOTO_VARIANTS: VariantSpec<ImageSize> = {
  sizes: {
    thumb: { width: 600, height: 450 },
    full: { width: 1600, height: 1200 },
  },
  webp: { quality: 78, effort: 3 },
  jpeg: { quality: 80, progressive: true },
};

/** GridFS storage of item photos in the items database (variant files carry `imageId` and `itemId`). */
export type ImageFiles = ImageStore<ImageSize>;

export function createImageFiles(connection: Connection): ImageFiles {
  return createImageStore(connection, {
    uploadsBucket: UPLOADS_BUCKET,
    variantsBucket: IMAGES_BUCKET,
    sizes: IMAGE_SIZE_NAMES,
  });
}
