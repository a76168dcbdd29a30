import express from 'express';
import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jpeg,
  pixelBomb,
  png,
  pngWithExifAndGps,
  rotatedJpeg,
  toDataUrl,
  truncatedJpeg,
} from '@nomadswap/dev-stores/test-images';
import { errorHandler } from '../src/errors';
import { readImageUpload, sniffImageType } from '../src/image-upload';
import { preferredImageFormat, sendImmutableImage } from '../src/image-response';
import { createImageStore, type ImageStore } from '../src/image-store';
import { ImageRenderError, renderImageVariants, type VariantSpec } from '../src/image-variants';
import { createTestStores, type TestStores } from '../src/testing';

const SPEC: VariantSpec<'small' | 'large'> = {
  sizes: { small: { width: 60, height: 45 }, large: { width: 160, height: 120 } },
  webp: { quality: 78 },
  jpeg: { quality: 80 },
};

describe('readImageUpload', () => {
  it('accepts a JPEG, PNG or WebP by its bytes, whatever the data URL declares', async () => {
    const upload = await readImageUpload(toDataUrl(await png(), 'image/jpeg'), 'avatar');
    expect(upload.contentType).toBe('image/png');
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(await jpeg(10, 10))).toBe('image/jpeg');
  });

  it('refuses other bytes with 400 Invalid file type naming the field', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    await expect(readImageUpload(toDataUrl(gif, 'image/gif'), 'images.1')).rejects.toMatchObject({
      status: 400,
      message: 'Invalid file type',
      details: [{ field: 'images.1', message: 'Invalid file type' }],
    });
  });

  it('refuses more than 10 MB with 413 File too large, before decoding', async () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil((10 * 1024 * 1024 * 4) / 3) + 8)}`;
    await expect(readImageUpload(big, 'avatar')).rejects.toMatchObject({
      status: 413,
      message: 'File too large',
    });
  });

  it('refuses a header declaring more pixels than the limit with 400 Error processing image', async () => {
    await expect(readImageUpload(toDataUrl(pixelBomb()), 'avatar')).rejects.toMatchObject({
      status: 400,
      code: 'IMAGE_UNPROCESSABLE',
    });
  });
});

describe('renderImageVariants', () => {
  it('fits each size without enlarging, upright, with no metadata left', async () => {
    const variants = await renderImageVariants(await pngWithExifAndGps(800, 600), SPEC);
    const large = await sharp(variants.large.jpeg).metadata();
    const small = await sharp(variants.small.webp).metadata();
    expect([large.width, large.height, large.format]).toEqual([160, 120, 'jpeg']);
    expect([small.width, small.height, small.format]).toEqual([60, 45, 'webp']);
    expect(large.exif).toBeUndefined();
    expect(variants.large.jpeg.includes('secret-owner')).toBe(false);

    const upright = await sharp(
      (await renderImageVariants(await rotatedJpeg(300, 200), SPEC)).large.jpeg,
    ).metadata();
    expect([upright.width, upright.height]).toEqual([80, 120]);
  });

  it('encodes an image already small enough once: every size shares the same buffers', async () => {
    const variants = await renderImageVariants(await png(40, 30), SPEC);
    expect(variants.small.webp).toBe(variants.large.webp);
    expect((await sharp(variants.large.jpeg).metadata()).width).toBe(40);
  });

  it('a corrupt image is an ImageRenderError (not worth a retry)', async () => {
    await expect(renderImageVariants(await truncatedJpeg(), SPEC)).rejects.toBeInstanceOf(ImageRenderError);
  });
});

describe('image store and the immutable-image answer', () => {
  let stores: TestStores;
  let store: ImageStore<'small' | 'large'>;
  beforeAll(async () => {
    stores = await createTestStores({ service: 'kit-images' });
    store = createImageStore(stores.mongo, {
      uploadsBucket: 'test-uploads',
      variantsBucket: 'test-images',
      sizes: ['small', 'large'],
    });
    await store.init();
  });
  afterAll(() => stores.close());

  it('keeps an upload until deleted, and the variants of an image as served files', async () => {
    const id = new mongoose.Types.ObjectId();
    const ownerId = new mongoose.Types.ObjectId();
    const raw = await png(300, 200);
    await store.saveUpload({ id, data: raw, contentType: 'image/png', metadata: { ownerId } });
    expect((await store.readUpload(id))?.equals(raw)).toBe(true);

    const variants = await renderImageVariants(raw, SPEC);
    await store.saveVariants({ id, variants, metadata: { ownerId }, replace: false });
    expect(await store.countVariants(id)).toBe(4);
    const file = await store.openVariant(id, 'small', 'webp');
    expect(file).toMatchObject({ contentType: 'image/webp', length: variants.small.webp.length });
    file?.stream.destroy();

    await store.deleteWhere({ ownerId });
    expect(await store.readUpload(id)).toBeNull();
    expect(await store.countVariants(id)).toBe(0);
  });

  it('writes one file per format when the sizes are the same bytes, and serves it for both', async () => {
    const id = new mongoose.Types.ObjectId();
    await store.saveVariants({
      id,
      variants: await renderImageVariants(await png(40, 30), SPEC),
      metadata: {},
      replace: false,
    });
    expect(
      await stores.mongo.db!.collection('test-images.files').countDocuments({ 'metadata.imageId': id }),
    ).toBe(2);
    expect(await store.countVariants(id)).toBe(4);
    expect(await store.openVariant(id, 'large', 'jpeg')).not.toBeNull();
    await store.deleteImages([id]);
    expect(await store.openVariant(id, 'large', 'jpeg')).toBeNull();
  });

  it('answers a variant as immutable, with an ETag, nosniff, and 304 when the client has it', async () => {
    const id = new mongoose.Types.ObjectId();
    await store.saveVariants({
      id,
      variants: await renderImageVariants(await png(), SPEC),
      metadata: {},
      replace: false,
    });
    const app = express()
      .get('/img', async (req, res) => {
        const format = preferredImageFormat(req);
        const file = await store.openVariant(id, 'large', format);
        await sendImmutableImage(req, res, { file: file!, etag: `${id.toHexString()}-${format}` });
      })
      .use(errorHandler);
    const webp = await request(app).get('/img').set('Accept', 'image/webp,*/*');
    expect(webp.status).toBe(200);
    expect(webp.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      vary: 'Accept',
      etag: `"${id.toHexString()}-webp"`,
    });
    const jpegAnswer = await request(app).get('/img').set('Accept', 'image/jpeg');
    expect(jpegAnswer.headers['content-type']).toBe('image/jpeg');
    const again = await request(app)
      .get('/img')
      .set({ Accept: 'image/webp', 'If-None-Match': webp.headers.etag! });
    expect(again.status).toBe(304);
  });
});
