import sharp from 'sharp';
import { LIMITS } from '@nomadswap/contracts/enums';
import type { AvatarFormat } from '../db/avatar-files';
import { AVATAR_MAX_INPUT_PIXELS } from './read-avatar-image';

/** The image cannot be turned into an avatar (corrupt, too many pixels…): retrying will not help. */
export class AvatarImageError extends Error {
  constructor(cause: unknown) {
    super(`avatar image cannot be processed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'AvatarImageError';
  }
}

const QUALITY = Math.round(LIMITS.avatar.quality * 100);

/**
 * Renders the served variants of an avatar: upright (EXIF orientation applied), fitted inside 400×400 without
 * enlarging, with no metadata at all (sharp writes none unless asked: no EXIF, GPS, XMP or ICC profile), as
 * WebP and as JPEG. Images over the pixel limit are refused from their header, before decoding.
 */
export async function renderAvatarVariants(input: Buffer): Promise<Record<AvatarFormat, Buffer>> {
  try {
    const base = sharp(input, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS })
      .rotate()
      .resize(LIMITS.avatar.width, LIMITS.avatar.height, { fit: 'inside', withoutEnlargement: true });
    const [webp, jpeg] = await Promise.all([
      base.clone().webp({ quality: QUALITY }).toBuffer(),
      base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer(),
    ]);
    return { webp, jpeg };
  } catch (error) {
    throw new AvatarImageError(error);
  }
}
