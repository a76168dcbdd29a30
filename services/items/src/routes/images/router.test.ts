import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { ItemSchema, type Item } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { UPLOADS_BUCKET } from '../../data/image-files';
import { buildItemInput } from '../../../test/support/factories';
import {
  jpeg,
  pixelBomb,
  png,
  pngWithExifAndGps,
  rotatedJpeg,
  toDataUrl,
  truncatedJpeg,
} from '@nomadswap/dev-stores/test-images';
import { eventually } from '@nomadswap/service-kit/testing';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

let env: ItemsTestEnv;
let owner: TestSession;
let other: TestSession;
let admin: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv();
  [owner, other, admin] = await Promise.all([env.signIn(), env.signIn(), env.signIn({ role: 'admin' })]);
});
afterAll(() => env.close());

const api = () => request(env.app);

async function listWith(images: string[], session = owner): Promise<Item> {
  const res = await api().post('/api/items').set(session.headers).send(buildItemInput({ images }));
  expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(201);
  return ItemSchema.parse(res.body);
}

async function fetchImage(url: string, accept = 'image/webp,image/*') {
  return api()
    .get(url)
    .set('Accept', accept)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const uploadsCount = () => env.ctx.mongo.db!.collection(`${UPLOADS_BUCKET}.files`).countDocuments();

describe('POST /api/items with photos', () => {
  it('answers with ready images whose variants carry no metadata at all (the GPS position is gone)', async () => {
    const original = await pngWithExifAndGps(800, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const item = await listWith([toDataUrl(original)]);
    expect(item.photos).toHaveLength(1);
    const [photo] = item.photos;
    expect(photo).toMatchObject({ state: 'ready' });
    expect(item.images).toEqual([photo!.full]);
    expect(photo!.full).toBe(`/api/images/${photo!.id}?size=full`);
    expect(photo!.thumb).toBe(`/api/images/${photo!.id}?size=thumb`);

    for (const [url, accept, format, width, height] of [
      [photo!.full!, 'image/webp,*/*', 'webp', 800, 600],
      [photo!.full!, 'image/jpeg', 'jpeg', 800, 600],
      [photo!.thumb!, 'image/webp', 'webp', 600, 450],
      [photo!.thumb!, '*/*;q=0.1,image/jpeg', 'jpeg', 600, 450],
    ] as const) {
      const res = await fetchImage(url, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.vary).toContain('Accept');
      const metadata = await sharp(res.body as Buffer).metadata();
      expect(metadata).toMatchObject({ format, width, height });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    }
    // The raw upload is deleted once processed (the worker batches these within a fraction of a second).
    await eventually(async () => (await uploadsCount()) === 0);
    expect(await env.ctx.files.countVariants(new mongoose.Types.ObjectId(photo!.id))).toBe(4);
    const updates = (await env.events('item.updated')).filter((event) => event.data.id === item.id);
    expect(updates.at(-1)?.data.image).toBe(photo!.thumb);
  });

  it('turns a photo upright from its EXIF orientation and fits large photos into the variant sizes', async () => {
    const item = await listWith([
      toDataUrl(await rotatedJpeg(300, 200), 'image/jpeg'),
      toDataUrl(await png(2000, 1000)),
    ]);
    const [upright, large] = item.photos;
    const uprightMeta = await sharp((await fetchImage(upright!.full!)).body as Buffer).metadata();
    expect([uprightMeta.width, uprightMeta.height]).toEqual([200, 300]);
    expect(uprightMeta.orientation).toBeUndefined();
    const full = await sharp((await fetchImage(large!.full!)).body as Buffer).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    const thumb = await sharp((await fetchImage(large!.thumb!)).body as Buffer).metadata();
    expect([thumb.width, thumb.height]).toEqual([600, 300]);
  });

  it('goes by the real bytes: a JPEG declared as PNG is accepted, a text file declared as JPEG is refused', async () => {
    const item = await listWith([toDataUrl(await jpeg(), 'image/png')]);
    expect(item.photos[0]?.state).toBe('ready');
    await eventually(async () => (await uploadsCount()) === 0);

    const before = await env.ctx.items.countDocuments();
    const fake = toDataUrl(Buffer.from('<?php echo "not an image"; ?>'), 'image/jpeg');
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [toDataUrl(await jpeg(), 'image/jpeg'), fake] }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid file type',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'images.1', message: 'Invalid file type' }],
    });
    expect(await env.ctx.items.countDocuments()).toBe(before);
    expect(await uploadsCount()).toBe(0);
  });

  it('refuses GIFs and other image types than JPEG, PNG and WebP', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [toDataUrl(gif, 'image/gif')] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.invalidFileType);
  });

  it('refuses a photo over 10 MB with 413 File too large', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [toDataUrl(big, 'image/jpeg')] }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'File too large',
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'images.0', message: 'File too large' }],
    });
  });

  it('refuses a fourth photo with Maximum photos reached', async () => {
    const photo = toDataUrl(await png(8, 8));
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [photo, photo, photo, photo] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Maximum photos reached');
    expect(res.body.details[0]).toEqual({ field: 'images', message: 'Maximum photos reached' });
  });

  it('refuses a decompression bomb from its header, quickly and without the memory to decode it', async () => {
    const bomb = pixelBomb(30_000, 30_000); // 900 million pixels, 2.7 GB decoded, a few dozen bytes sent
    expect(bomb.length).toBeLessThan(200);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const res = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [toDataUrl(bomb)] }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: MSG.imageProcessingError, code: 'IMAGE_UNPROCESSABLE' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('shows a photo that cannot be processed as failed to its owner and admins, and hides it from others', async () => {
    const item = await listWith([toDataUrl(await truncatedJpeg(), 'image/jpeg'), toDataUrl(await png())]);
    expect(item.photos.map((photo) => photo.state)).toEqual(['failed', 'ready']);
    expect(item.photos[0]).toMatchObject({ thumb: null, full: null });
    expect(item.images).toEqual([item.photos[1]!.full]);

    const byOther = await api().get(`/api/items/${item.id}`).set(other.headers);
    expect(byOther.body.photos.map((photo: { state: string }) => photo.state)).toEqual(['ready']);
    expect(byOther.body.images).toEqual(item.images);
    const byAdmin = await api().get('/api/admin/all-items').set(admin.headers);
    const seen = (byAdmin.body as Item[]).find((entry) => entry.id === item.id);
    expect(seen?.photos.map((photo) => photo.state)).toEqual(['failed', 'ready']);
    expect((await fetchImage(`/api/images/${item.photos[0]!.id}`)).status).toBe(404);
    await eventually(async () => (await uploadsCount()) === 0);
    const stored = await env.ctx.items.findById(item.id).lean();
    expect(stored?.photos[0]?.error).toMatch(/image cannot be processed/);
  });
});

describe('PUT /api/items/:id photos', () => {
  it('keeps the photos given by URL, adds new data URLs, deletes the ones left out, in the order given', async () => {
    const item = await listWith([toDataUrl(await png(10, 10)), toDataUrl(await png(20, 20))]);
    const [first, second] = item.photos;
    const res = await api()
      .put(`/api/items/${item.id}`)
      .set(owner.headers)
      .send(
        buildItemInput({
          images: [toDataUrl(await jpeg(30, 30), 'image/jpeg'), second!.full!, second!.thumb!],
        }),
      );
    expect(res.status).toBe(200);
    const updated = ItemSchema.parse(res.body);
    expect(updated.photos).toHaveLength(2);
    expect(updated.photos[1]!.id).toBe(second!.id);
    expect(updated.photos.map((photo) => photo.state)).toEqual(['ready', 'ready']);
    expect(updated.images).toEqual(updated.photos.map((photo) => photo.full));
    const added = await sharp((await fetchImage(updated.photos[0]!.full!)).body as Buffer).metadata();
    expect(added.width).toBe(30);
    expect((await fetchImage(first!.full!)).status).toBe(404);
    expect(await env.ctx.files.countVariants(new mongoose.Types.ObjectId(first!.id))).toBe(0);
  });

  it('leaves the photos alone when images is not sent, and removes them all for an empty list', async () => {
    const item = await listWith([toDataUrl(await png(10, 10))]);
    const kept = await api()
      .put(`/api/items/${item.id}`)
      .set(owner.headers)
      .send({ ...buildItemInput(), images: undefined });
    expect(kept.body.photos.map((photo: { id: string }) => photo.id)).toEqual([item.photos[0]!.id]);
    const emptied = await api()
      .put(`/api/items/${item.id}`)
      .set(owner.headers)
      .send(buildItemInput({ images: [] }));
    expect(emptied.body.photos).toEqual([]);
    expect(await env.ctx.files.countVariants(new mongoose.Types.ObjectId(item.photos[0]!.id))).toBe(0);
  });

  it("refuses another item's photo URL and a fourth photo, changing nothing", async () => {
    const mine = await listWith([toDataUrl(await png(10, 10))]);
    const theirs = await listWith([toDataUrl(await png(12, 12))], other);
    const stolen = await api()
      .put(`/api/items/${mine.id}`)
      .set(owner.headers)
      .send(buildItemInput({ images: [theirs.photos[0]!.full!] }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.details[0]).toEqual({ field: 'images.0', message: MSG.imageNotOnItem });
    const photo = toDataUrl(await png(8, 8));
    const tooMany = await api()
      .put(`/api/items/${mine.id}`)
      .set(owner.headers)
      .send(buildItemInput({ images: [mine.photos[0]!.full!, photo, photo, photo] }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(MSG.maxPhotos);
    const stored = await env.ctx.items.findById(mine.id).lean();
    expect(stored?.photos.map((p) => p._id.toHexString())).toEqual([mine.photos[0]!.id]);
  });
});

describe('GET /api/images/:id', () => {
  it('answers 304 to a matching If-None-Match, 404 for an unknown image and 400 for bad parameters', async () => {
    const item = await listWith([toDataUrl(await png(10, 10))]);
    const url = item.photos[0]!.thumb!;
    const first = await fetchImage(url, 'image/webp');
    const again = await api().get(url).set('Accept', 'image/webp').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    const missing = await api().get(`/api/images/${new mongoose.Types.ObjectId().toHexString()}`);
    expect(missing.status).toBe(404);
    expect((await api().get('/api/images/nope')).status).toBe(400);
    const size = await api().get(`/api/images/${item.photos[0]!.id}?size=huge`);
    expect(size.status).toBe(400);
    expect(size.body.details[0].field).toBe('size');
  });
});

describe('when the image worker is slow or down', () => {
  it('answers with processing photos after the wait, never serves the raw upload, and completes later', async () => {
    const slow = await createItemsTestEnv({ worker: false, settings: { imageWaitMs: 300 } });
    try {
      const session = await slow.signIn();
      const started = Date.now();
      const res = await request(slow.app)
        .post('/api/items')
        .set(session.headers)
        .send(buildItemInput({ images: [toDataUrl(await png(10, 10))] }));
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3_000);
      const photo = res.body.photos[0];
      expect(photo).toMatchObject({ state: 'processing', thumb: null, full: null });
      expect(res.body.images).toEqual([]);
      expect((await request(slow.app).get(`/api/images/${photo.id}`)).status).toBe(404);
      const browse = await request(slow.app)
        .get('/api/items')
        .set((await slow.signIn()).headers);
      expect(browse.body[0]).toMatchObject({ id: res.body.id, photos: [], images: [] });

      await slow.startWorker();
      const ready = await eventually(async () => {
        const detail = await request(slow.app).get(`/api/items/${res.body.id}`).set(session.headers);
        return detail.body.photos[0]?.state === 'ready' ? detail.body : null;
      });
      expect(ready.images).toEqual([`/api/images/${photo.id}?size=full`]);
    } finally {
      await slow.close();
    }
  });
});
