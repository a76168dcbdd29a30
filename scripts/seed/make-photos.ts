/**
 * Renders the demo photos and avatars (illustrations.ts) to the JPEG files under photos/, which are committed:
 * `npx tsx scripts/seed/make-photos.ts`. Item photos are 600×450 JPEG at quality 70, as the web app
 * uploads them; avatars 400×400 at quality 80.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { LIMITS } from '@nomadswap/contracts/enums';
import { AVATAR_ILLUSTRATIONS, ITEM_ILLUSTRATIONS } from './illustrations';

export const PHOTOS_DIR = fileURLToPath(new URL('./photos/', import.meta.url));

export const itemPhotoFile = (name: string) => path.join(PHOTOS_DIR, `${name}.jpg`);
export const avatarFile = (name: string) => path.join(PHOTOS_DIR, `avatar-${name}.jpg`);

async function render(svg: string, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: Math.round(quality * 100), mozjpeg: true })
    .toBuffer();
}

/** Writes every photo and avatar; returns the total size in bytes. */
export async function makePhotos(): Promise<number> {
  await fs.mkdir(PHOTOS_DIR, { recursive: true });
  let total = 0;
  for (const [name, draw] of Object.entries(ITEM_ILLUSTRATIONS)) {
    const jpeg = await render(draw(), LIMITS.itemPhoto.quality);
    await fs.writeFile(itemPhotoFile(name), jpeg);
    total += jpeg.length;
  }
  for (const [name, draw] of Object.entries(AVATAR_ILLUSTRATIONS)) {
    const jpeg = await render(draw(), LIMITS.avatar.quality);
    await fs.writeFile(avatarFile(name), jpeg);
    total += jpeg.length;
  }
  return total;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const total = await makePhotos();
  console.log(`wrote ${PHOTOS_DIR} (${(total / 1024).toFixed(0)} KB)`);
}
