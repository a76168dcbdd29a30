import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRenderError } from '@nomadswap/service-kit/image-variants';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { png } from '@nomadswap/dev-stores/test-images';
import type { ItemRecord } from '../data/item';
import { newId } from '../data/ids';
import { buildItem } from '../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';
import { markImageFailed, processImage } from './process-image';

/*
 * processImage's and markImageFailed's paths one by one, in-process (issue 21: the worker's tests run it in a
 * spawned process, which left a retry's checks, a missing upload and a photo removed mid-run without a test).
 */
let env: ItemsTestEnv;
let owner: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false, settings: { imageWaitMs: 0 } });
  owner = await env.signIn();
});
afterAll(() => env.close());

type PhotoState = 'processing' | 'ready' | 'failed';

/** An item with one photo in `state`, its upload stored unless `upload` is false. */
async function itemWithPhoto(state: PhotoState = 'processing', upload = true) {
  const imageId = newId();
  const item = await buildItem(env, {
    userId: owner.id,
    photos: [{ _id: imageId, state, error: null, createdAt: new Date() }],
  });
  if (upload) {
    await env.ctx.files.saveUpload({
      id: imageId,
      data: await png(32, 24),
      contentType: 'image/png',
      metadata: { itemId: item._id, userId: item.userId },
    });
  }
  return { item, itemId: item._id.toHexString(), imageId: imageId.toHexString(), image: imageId };
}

const stored = async (itemId: string) => env.ctx.items.findById(itemId).lean<ItemRecord>();
const photoOf = async (itemId: string) => (await stored(itemId))?.photos[0];
const updatesOf = async (itemId: string) =>
  (await env.events('item.updated')).filter((event) => event.data.id === itemId);

/** A first run during which, between the variants' write and the photo's mark, the item's photos change. */
const renderWhile = (itemId: string, imageId: string, change: Record<string, unknown>) =>
  processImage(
    env.ctx,
    { itemId, imageId },
    {
      firstRun: true,
      afterVariantsWritten: async () => {
        await env.ctx.items.updateOne({ _id: itemId }, { $set: change });
      },
    },
  );

describe('processImage', () => {
  it('first run: writes the variants, marks the photo ready, deletes the upload and announces it once', async () => {
    const { item, itemId, imageId, image } = await itemWithPhoto();
    expect(await processImage(env.ctx, { itemId, imageId }, { firstRun: true })).toEqual({ status: 'ready' });
    expect((await photoOf(itemId))?.state).toBe('ready');
    expect(await env.ctx.files.countVariants(image)).toBeGreaterThan(0);
    expect(await env.ctx.files.readUpload(image)).toBeNull();
    expect(await updatesOf(itemId)).toHaveLength(1);
    expect((await stored(itemId))?.version).toBe((item.version ?? 0) + 1);
  });

  it('a retry of a photo already ready leaves it as it is and only deletes the upload', async () => {
    const { itemId, imageId, image } = await itemWithPhoto('ready');
    expect(await processImage(env.ctx, { itemId, imageId })).toEqual({ status: 'ready' });
    expect(await env.ctx.files.readUpload(image)).toBeNull();
    expect(await env.ctx.files.countVariants(image)).toBe(0);
    expect(await updatesOf(itemId)).toHaveLength(0);
  });

  it('a retry for an item deleted meanwhile is superseded and removes whatever was written for the image', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    await processImage(env.ctx, { itemId, imageId }, { firstRun: true, discardUpload: () => undefined });
    await env.ctx.items.deleteOne({ _id: itemId });
    expect(await processImage(env.ctx, { itemId, imageId })).toEqual({ status: 'superseded' });
    expect(await env.ctx.files.countVariants(image)).toBe(0);
    expect(await env.ctx.files.readUpload(image)).toBeNull();
  });

  it('a retry of a photo still processing renders again, replacing earlier variants', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    expect(await processImage(env.ctx, { itemId, imageId })).toEqual({ status: 'ready' });
    expect((await photoOf(itemId))?.state).toBe('ready');
    expect(await env.ctx.files.countVariants(image)).toBeGreaterThan(0);
    expect(await env.ctx.files.readUpload(image)).toBeNull();
  });

  it('a missing upload: superseded when the photo is gone, a permanent error when it is still there', async () => {
    const gone = await itemWithPhoto('processing', false);
    await env.ctx.items.updateOne({ _id: gone.itemId }, { $set: { photos: [] } });
    expect(await processImage(env.ctx, gone, { firstRun: true })).toEqual({ status: 'superseded' });

    const lost = await itemWithPhoto('processing', false);
    const error = await processImage(env.ctx, lost, { firstRun: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRenderError);
    expect(String((error as Error).message)).toContain(lost.imageId);
    expect((await photoOf(lost.itemId))?.state).toBe('processing');
  });

  it('a photo removed while it renders: superseded, its variants deleted, nothing announced', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    const outcome = await renderWhile(itemId, imageId, { photos: [] });
    expect(outcome).toEqual({ status: 'superseded' });
    expect(await env.ctx.files.countVariants(image)).toBe(0);
    expect(await updatesOf(itemId)).toHaveLength(0);
  });

  it('another run marked it ready meanwhile: ready, its variants kept, announced only by that run', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    const outcome = await renderWhile(itemId, imageId, { 'photos.0.state': 'ready' });
    expect(outcome).toEqual({ status: 'ready' });
    expect(await env.ctx.files.countVariants(image)).toBeGreaterThan(0);
    expect(await updatesOf(itemId)).toHaveLength(0);
  });

  it('the upload goes through the worker’s discardUpload when it is given', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    const discarded: string[] = [];
    await processImage(
      env.ctx,
      { itemId, imageId },
      { firstRun: true, discardUpload: (id) => void discarded.push(String(id)) },
    );
    expect(discarded).toEqual([imageId]);
    expect(await env.ctx.files.readUpload(image)).not.toBeNull();
  });
});

describe('markImageFailed', () => {
  it('marks a processing photo failed with the reason cut at 300 characters, deletes its files, announces it', async () => {
    const { item, itemId, imageId, image } = await itemWithPhoto();
    await markImageFailed(env.ctx, { itemId, imageId, reason: 'x'.repeat(301) });
    const photo = await photoOf(itemId);
    expect(photo).toMatchObject({ state: 'failed', error: 'x'.repeat(300) });
    expect((await stored(itemId))?.version).toBe((item.version ?? 0) + 1);
    expect(await env.ctx.files.readUpload(image)).toBeNull();
    expect(await updatesOf(itemId)).toHaveLength(1);
  });

  it('leaves a ready photo ready (an earlier attempt got through) and its files in place', async () => {
    const { itemId, imageId, image } = await itemWithPhoto('ready');
    await markImageFailed(env.ctx, { itemId, imageId, reason: 'late failure' });
    expect(await photoOf(itemId)).toMatchObject({ state: 'ready', error: null });
    expect(await env.ctx.files.readUpload(image)).not.toBeNull();
    expect(await updatesOf(itemId)).toHaveLength(0);
  });

  it('a photo gone (item or photo deleted): only its files are deleted', async () => {
    const { itemId, imageId, image } = await itemWithPhoto();
    await env.ctx.items.deleteOne({ _id: itemId });
    await markImageFailed(env.ctx, { itemId, imageId, reason: 'gone' });
    expect(await env.ctx.files.readUpload(image)).toBeNull();
    expect(await updatesOf(itemId)).toHaveLength(0);
  });
});
