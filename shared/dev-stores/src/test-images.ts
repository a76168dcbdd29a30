/** Image fixtures for the services' upload and image-pipeline tests: valid, rotated, EXIF/GPS-tagged, truncated, bomb. */
import zlib from 'node:zlib';
import sharp from 'sharp';

export const toDataUrl = (data: Buffer, type = 'image/png') =>
  `data:${type};base64,${data.toString('base64')}`;

/** A plain PNG of the given size. */
export function png(width = 48, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer();
}

/** A JPEG as the web app sends it after resizing. */
export function jpeg(width = 600, height = 450): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 180, b: 40 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A photo as phones make them: EXIF with camera, copyright and GPS position. */
export function pngWithExifAndGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } })
    .png()
    .withExif({
      IFD0: { Make: 'NomadPhone', Copyright: 'secret-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 43/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 0/1',
      },
    })
    .toBuffer();
}

/** A JPEG shot in portrait but stored landscape, with EXIF orientation 6 ("rotate 90° clockwise"). */
export function rotatedJpeg(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG whose header is fine but whose data stops half-way: it passes the upload check, then fails to decode. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noisy = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noisy.length; i++) noisy[i] = (i * 7919) % 251;
  const whole = await sharp(noisy, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width × height pixels, in a few dozen bytes (a decompression bomb's shape). */
export function pixelBomb(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1_024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SMALL_PNG = await png();
export const SMALL_PNG_DATA_URL = toDataUrl(SMALL_PNG);
