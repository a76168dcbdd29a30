import { LIMITS } from '@nomadswap/contracts/enums';

export interface ResizeOptions {
  /** The picture is scaled down (never up) to fit inside maxWidth × maxHeight, keeping its proportions. */
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality between 0 and 1. */
  quality: number;
}

/** Profile photos: 400×400, quality 0.8 (spec section 5). Item photos use `LIMITS.itemPhoto` (600×450, 0.7). */
export const AVATAR_RESIZE: ResizeOptions = {
  maxWidth: LIMITS.avatar.width,
  maxHeight: LIMITS.avatar.height,
  quality: LIMITS.avatar.quality,
};

export type ImageFileProblem = 'invalid-type' | 'too-large';

interface CheckOptions {
  /** Refuse files whose MIME type does not start with `image/` (profile photos do; spec section 5). */
  requireImageType?: boolean;
  maxBytes?: number;
}

/** Checks a picked file before decoding it. Returns what is wrong with it, or null when it may be resized. */
export function checkImageFile(
  file: Pick<File, 'type' | 'size'>,
  { requireImageType = true, maxBytes = LIMITS.maxUploadBytes }: CheckOptions = {},
): ImageFileProblem | null {
  if (requireImageType && !file.type.startsWith('image/')) return 'invalid-type';
  if (file.size > maxBytes) return 'too-large';
  return null;
}

/** The size that fits `width × height` inside the bounds without enlarging it (at least 1 × 1). */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.decoding = 'async';
  return new Promise<HTMLImageElement>((resolve, reject) => {
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file could not be decoded as an image'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * Decodes an image file in the browser, scales it to fit the bounds and re-encodes it as a JPEG data URL.
 * Uploads stay small on mobile connections; the server still checks and re-processes every upload.
 * Browsers apply the photo's EXIF orientation when decoding, so portrait phone photos stay upright.
 * Rejects when the file cannot be decoded or the canvas is unavailable.
 */
export async function resizeImage(
  file: Blob,
  { maxWidth, maxHeight, quality }: ResizeOptions,
): Promise<string> {
  const image = await loadImage(file);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, maxWidth, maxHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D context is unavailable');
  // JPEG has no transparency: without a background, transparent PNG areas would turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const dataUrl = canvas.toDataURL('image/jpeg', quality);
  if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('The browser could not encode a JPEG');
  return dataUrl;
}
