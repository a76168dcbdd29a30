import sharp from 'sharp';
import { LIMITS } from '@nomadswap/contracts/enums';
import { MSG } from '@nomadswap/contracts/messages';
import { PayloadTooLargeError, ValidationError } from '@nomadswap/service-kit/errors';

/**
 * Images with more pixels than this are refused before any decoding (a 40 MP photo is already larger than the
 * 10 MB upload limit), so a small file declaring huge dimensions cannot exhaust memory.
 */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

export type AvatarContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface AvatarImage {
  data: Buffer;
  /** The type its bytes show, whatever the data URL declared. */
  contentType: AvatarContentType;
}

/** The real type by magic bytes: JPEG, PNG and WebP only. */
export function sniffImageType(data: Buffer): AvatarContentType | null {
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

const field = (message: string) => [{ field: 'avatar', message }];

/**
 * Checks an avatar data URL (already shaped `data:image/…;base64,…` by the shared schema): at most 10 MB once
 * decoded (413 'File too large'), really a JPEG, PNG or WebP (400 'Invalid file type'), and a header sharp can
 * read with dimensions under the pixel limit (400 'Error processing image'). Reads the header only.
 */
export async function readAvatarImage(dataUrl: string): Promise<AvatarImage> {
  const comma = dataUrl.indexOf(',');
  const base64 = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // Refuse by the encoded length before allocating anything.
  if (Math.floor((base64.length * 3) / 4) - padding > LIMITS.maxUploadBytes) {
    throw new PayloadTooLargeError(MSG.fileTooLarge, { details: field(MSG.fileTooLarge) });
  }
  const data = Buffer.from(base64, 'base64');
  if (data.length > LIMITS.maxUploadBytes) {
    throw new PayloadTooLargeError(MSG.fileTooLarge, { details: field(MSG.fileTooLarge) });
  }
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw new ValidationError(MSG.invalidFileType, { details: field(MSG.invalidFileType) });
  }
  try {
    const metadata = await sharp(data, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('image without dimensions');
  } catch (error) {
    throw new ValidationError(MSG.imageProcessingError, {
      code: 'IMAGE_UNPROCESSABLE',
      details: field(MSG.imageProcessingError),
      cause: error,
    });
  }
  return { data, contentType };
}
