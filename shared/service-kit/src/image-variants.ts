import os from 'node:os';
import sharp, { type JpegOptions, type OutputInfo, type WebpOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from './image-upload';

/** The formats every image is served in: WebP for clients that accept it, JPEG for the others. */
export const IMAGE_FORMATS = {
  webp: { extension: 'webp', contentType: 'image/webp' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** Every size of an image in every format. */
export type ImageVariants<Size extends string> = Record<Size, Record<ImageFormat, Buffer>>;

/** What a service serves of its images: named bounding boxes (never enlarged) and the encoders' settings. */
export interface VariantSpec<Size extends string> {
  sizes: Record<Size, { width: number; height: number }>;
  webp: WebpOptions;
  jpeg: JpegOptions;
}

/**
 * How a worker sets up sharp (and what a fair comparison must use too): no cache of decoded images, so memory
 * stays bounded by the number of jobs. `threadsPerImage` (default: every core) lets libvips use a core left idle
 * while another job waits for the database or Redis.
 */
export function configureSharpForWorker(options: { threadsPerImage?: number } = {}): void {
  sharp.cache(false);
  sharp.concurrency(options.threadsPerImage ?? os.availableParallelism());
}

/** The image cannot be processed (corrupt, truncated, too many pixels…): retrying will not help. */
export class ImageRenderError extends Error {
  constructor(cause: unknown) {
    super(`image cannot be processed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ImageRenderError';
  }
}

type Raw = { data: Buffer; info: OutputInfo };

const fromRaw = (raw: Raw) =>
  sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });

async function encode(raw: Raw, spec: VariantSpec<string>): Promise<Record<ImageFormat, Buffer>> {
  const [webp, jpeg] = await Promise.all([
    fromRaw(raw).webp(spec.webp).toBuffer(),
    fromRaw(raw).flatten({ background: '#ffffff' }).jpeg(spec.jpeg).toBuffer(),
  ]);
  return { webp, jpeg };
}

/**
 * Renders the served variants of an image: upright (EXIF orientation applied), fitted inside each size without
 * enlarging, as WebP and as JPEG (transparency flattened on white). The image is decoded once, into raw pixels at
 * the largest size, so the variants carry no metadata whatsoever: no EXIF (GPS included), XMP, IPTC or ICC
 * profile. A smaller size the decoded image already fits in reuses the same buffers (a photo the web app resized
 * to card size is encoded once). Images over the pixel limit are refused from their header, before decoding.
 * Throws ImageRenderError for an image that cannot be processed.
 */
export async function renderImageVariants<Size extends string>(
  input: Buffer,
  spec: VariantSpec<Size>,
): Promise<ImageVariants<Size>> {
  const [largest, ...smaller] = (Object.keys(spec.sizes) as Size[]).sort(
    (a, b) => spec.sizes[b].width * spec.sizes[b].height - spec.sizes[a].width * spec.sizes[a].height,
  );
  if (!largest) throw new Error('renderImageVariants needs at least one size');
  try {
    const box = spec.sizes[largest];
    const full: Raw = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const variants = { [largest]: await encode(full, spec) } as ImageVariants<Size>;
    for (const size of smaller) {
      const { width, height } = spec.sizes[size];
      if (full.info.width <= width && full.info.height <= height) {
        variants[size] = variants[largest];
        continue;
      }
      const raw: Raw = await fromRaw(full)
        .resize(width, height, { fit: 'inside' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      variants[size] = await encode(raw, spec);
    }
    return variants;
  } catch (error) {
    throw new ImageRenderError(error);
  }
}
