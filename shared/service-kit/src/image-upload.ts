import sharp from 'sharp';
import { LIMITS } from '@nomadswap/contracts/enums';
import { MSG } from '@nomadswap/contracts/messages';
import { PayloadTooLargeError, ValidationError } from './errors';

/**
 * Images with more pixels than this are refused from their header, before any decoding: a small file declaring
 * huge dimensions (a decompression bomb) must never be decoded. 40 MP is beyond any photo under 10 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageUpload {
  data: Buffer;
  /** The type its bytes show, whatever the data URL declared. */
  contentType: ImageContentType;
}

/** The real type by magic bytes: JPEG, PNG and WebP only. */
export function sniffImageType(data: Buffer): ImageContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

const details = (field: string, message: string) => [{ field, message }];

/**
 * Checks one image data URL (an avatar, an item photo): at most 10 MB once decoded (413 'File too large'),
 * really a JPEG, PNG or WebP by its bytes (400 'Invalid file type'), and a header sharp reads with dimensions
 * within the pixel limit (400 'Error processing image'). Errors name `field`. Reads the header only; the image
 * job does the decoding.
 */
export async function readImageUpload(dataUrl: string, field: string): Promise<ImageUpload> {
  const match = /^data:image\/[a-z0-9.+-]+;base64,/i.exec(dataUrl);
  if (!match) {
    throw new ValidationError(MSG.invalidFileType, { details: details(field, MSG.invalidFileType) });
  }
  const base64 = dataUrl.slice(match[0].length).replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // Refuse by the encoded length before allocating anything.
  if (Math.floor((base64.length * 3) / 4) - padding > LIMITS.maxUploadBytes) {
    throw new PayloadTooLargeError(MSG.fileTooLarge, { details: details(field, MSG.fileTooLarge) });
  }
  const data = Buffer.from(base64, 'base64');
  if (data.length > LIMITS.maxUploadBytes) {
    throw new PayloadTooLargeError(MSG.fileTooLarge, { details: details(field, MSG.fileTooLarge) });
  }
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw new ValidationError(MSG.invalidFileType, { details: details(field, MSG.invalidFileType) });
  }
  let pixels: number;
  try {
    const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('image without dimensions');
    pixels = metadata.width * metadata.height;
  } catch (error) {
    throw unprocessable(field, error);
  }
  if (pixels > MAX_INPUT_PIXELS) throw unprocessable(field, new Error(`${pixels} pixels`));
  return { data, contentType };
}

function unprocessable(field: string, cause: unknown): ValidationError {
  return new ValidationError(MSG.imageProcessingError, {
    code: 'IMAGE_UNPROCESSABLE',
    details: details(field, MSG.imageProcessingError),
    cause,
  });
}
