import os from 'node:os';
import sharp, { type OutputInfo } from 'sharp';
import type { ImageFormat, ImageSize, ImageVariants } from '../db/image-files';
import { MAX_INPUT_PIXELS } from './read-image-upload';

/**
 * How the image worker sets up sharp (and what a fair comparison must use too): no cache of decoded images, so
 * memory stays bounded by the number of jobs; libvips may use every core within one photo, so a core left idle
 * while the other job waits for the database or Redis is used.
 */
export function configureSharpForWorker(): void {
  sharp.cache(false);
  sharp.concurrency(os.availableParallelism());
}

/** The image cannot be processed (corrupt, truncated, too many pixels…): retrying will not help. */
export class ImageRenderError extends Error {
  constructor(cause: unknown) {
    super(`image cannot be processed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ImageRenderError';
  }
}

/** Bounding boxes of the variants: the card thumbnail and the full-size view. Never enlarged. */
export const IMAGE_SIZES: Record<ImageSize, { width: number; height: number }> = {
  thumb: { width: 600, height: 450 },
  full: { width: 1600, height: 1200 },
};

const WEBP = { quality: 78, effort: 3 } as const;
const JPEG = { quality: 80, progressive: true } as const;

type Raw = { data: Buffer; info: OutputInfo };

function encode(raw: Raw, format: ImageFormat): Promise<Buffer> {
  const image = sharp(raw.data, {
    raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels },
  });
  return format === 'webp'
    ? image.webp(WEBP).toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}

/**
 * Renders the served variants of a photo: upright (EXIF orientation applied), fitted inside 1600×1200 (full) and
 * 600×450 (thumb), as WebP and as JPEG (transparency flattened on white). The photo is decoded once into raw
 * pixels, so the variants carry no metadata whatsoever: no EXIF (GPS included), XMP, IPTC or ICC profile.
 * Images over the pixel limit are refused from their header, before decoding.
 */
export async function renderImageVariants(input: Buffer): Promise<ImageVariants> {
  try {
    const full: Raw = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(IMAGE_SIZES.full.width, IMAGE_SIZES.full.height, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [fullWebp, fullJpeg] = await Promise.all([encode(full, 'webp'), encode(full, 'jpeg')]);
    const fitsThumb =
      full.info.width <= IMAGE_SIZES.thumb.width && full.info.height <= IMAGE_SIZES.thumb.height;
    if (fitsThumb) {
      // A photo already resized by the web app (600×450): the thumbnail would be the very same image.
      return { full: { webp: fullWebp, jpeg: fullJpeg }, thumb: { webp: fullWebp, jpeg: fullJpeg } };
    }
    const thumb: Raw = await sharp(full.data, {
      raw: { width: full.info.width, height: full.info.height, channels: full.info.channels },
    })
      .resize(IMAGE_SIZES.thumb.width, IMAGE_SIZES.thumb.height, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [thumbWebp, thumbJpeg] = await Promise.all([encode(thumb, 'webp'), encode(thumb, 'jpeg')]);
    return { full: { webp: fullWebp, jpeg: fullJpeg }, thumb: { webp: thumbWebp, jpeg: thumbJpeg } };
  } catch (error) {
    throw new ImageRenderError(error);
  }
}
