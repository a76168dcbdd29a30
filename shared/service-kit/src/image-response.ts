import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { ImageVariantFile } from './image-store';
import type { ImageFormat } from './image-variants';

/** WebP for clients that accept it, else JPEG. */
export function preferredImageFormat(req: Request): ImageFormat {
  return req.accepts(['image/webp', 'image/jpeg']) === 'image/webp' ? 'webp' : 'jpeg';
}

/**
 * Answers with a processed image whose id never changes content (a new picture gets a new id): cached for a
 * year as immutable, `etag` (the id, size and format) answered with 304 when the client has it, never sniffed
 * into another type, and embeddable by other origins (e-mail previews, shared links).
 */
export async function sendImmutableImage(
  req: Request,
  res: Response,
  props: { file: ImageVariantFile; etag: string },
): Promise<void> {
  const etag = `"${props.etag}"`;
  res.set({
    'Content-Type': props.file.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    Vary: 'Accept',
    ETag: etag,
  });
  if (req.headers['if-none-match'] === etag) {
    props.file.stream.destroy();
    res.status(304).end();
    return;
  }
  res.set('Content-Length', String(props.file.length));
  await pipeline(props.file.stream, res);
}
