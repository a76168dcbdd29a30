import { fileURLToPath } from 'node:url';
import { UnrecoverableError, Worker } from 'bullmq';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { spawnService, type SpawnedService, type TestSession } from '@nomadswap/service-kit/testing';
import type { ItemsCore } from '../context';
import type { ItemRecord } from '../data/item';
import { deleteUnneededUploads, requeueStuckImages } from './stuck-image-sweeper';
import { buildItem, buildItemInput } from '../../test/support/factories';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { eventually, failingFirst } from '@nomadswap/service-kit/testing';
import { createItemsTestEnv, type ItemsTestEnv } from '../../test/support/items-test-env';
import { startImageWorker } from './image-worker';
import { IMAGE_QUEUE } from './queues';

const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));

let env: ItemsTestEnv;
let owner: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false, settings: { imageWaitMs: 0 } });
  owner = await env.signIn();
});
afterAll(() => env.close());

async function listWithPhoto(): Promise<{ itemId: string; imageId: string }> {
  const res = await request(env.app)
    .post('/api/items')
    .set(owner.headers)
    .send(buildItemInput({ images: [toDataUrl(await png(64, 48))] }));
  expect(res.status).toBe(201);
  return { itemId: res.body.id, imageId: res.body.photos[0].id };
}

const photoState = async (itemId: string) =>
  (await env.ctx.items.findById(itemId).lean<ItemRecord>())?.photos[0]?.state;

/** An item with a photo stored as processing but no job for it, as after a failed enqueue. */
async function strandedPhoto(minutesAgo: number) {
  const imageId = new mongoose.Types.ObjectId();
  const item = await buildItem(env, {
    userId: owner.id,
    photos: [
      {
        _id: imageId,
        state: 'processing',
        error: null,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    ],
  });
  await env.ctx.files.saveUpload({
    id: imageId,
    data: await png(20, 20),
    contentType: 'image/png',
    metadata: { itemId: item._id, userId: item.userId },
  });
  return { itemId: item._id.toHexString(), imageId: imageId.toHexString() };
}

describe('image worker process', () => {
  it('when a worker is killed mid-job, another takes the job over and completes it exactly once', async () => {
    const workerEnv = {
      ...env.stores.env,
      BULLMQ_PREFIX: env.queuePrefix,
      IMAGE_CONCURRENCY: '1',
      IMAGE_LOCK_MS: '1500',
      LOG_LEVEL: 'info',
    };
    const completions: string[] = [];
    env.ctx.queues.imageEvents.on('completed', ({ jobId }) => completions.push(jobId));
    let first: SpawnedService | undefined;
    let second: SpawnedService | undefined;
    try {
      first = await spawnService(workerEntry, { ...workerEnv, IMAGE_TEST_DELAY_MS: '60000' });
      const { itemId, imageId } = await listWithPhoto();
      // Mid-job: the variants are written, the photo is not marked ready yet.
      await eventually(() => first!.logs.some((line) => line.msg === 'image variants written; test delay'));
      expect(await env.ctx.files.countVariants(new mongoose.Types.ObjectId(imageId))).toBe(4);
      expect(await first.stop('SIGKILL')).toBeNull();
      expect(await photoState(itemId)).toBe('processing');

      second = await spawnService(workerEntry, { ...workerEnv, IMAGE_TEST_DELAY_MS: '0' });
      await eventually(async () => (await photoState(itemId)) === 'ready', 20_000);
      await eventually(() => completions.includes(imageId));
      // Once the second worker has exited (a graceful stop finishes what it holds), nothing can complete the job
      // again: its completions are all on the queue's event stream already (no need to wait and see).
      expect(await second.stop()).toBe(0);
      const stream = (await env.stores.redis.xrange(
        `${env.queuePrefix}:${IMAGE_QUEUE}:events`,
        '-',
        '+',
      )) as [string, string[]][];
      const completed = stream.filter(([, fields]) => {
        const event = Object.fromEntries(
          Array.from({ length: fields.length / 2 }, (_, i) => [fields[2 * i], fields[2 * i + 1]]),
        );
        return event.event === 'completed' && event.jobId === imageId;
      });
      expect(completed).toHaveLength(1);
      expect(await env.ctx.files.countVariants(new mongoose.Types.ObjectId(imageId))).toBe(4);
      await eventually(
        async () => (await env.ctx.files.readUpload(new mongoose.Types.ObjectId(imageId))) === null,
      );
      const ready = (await env.events('item.updated')).filter((e) => e.data.id === itemId && e.data.image);
      expect(ready).toHaveLength(1);
      expect(
        second.logs.filter((line) => line.msg === 'image job done' && line.jobId === imageId),
      ).toHaveLength(1);
      const served = await request(env.app).get(`/api/images/${imageId}?size=thumb`);
      expect(served.status).toBe(200);
    } finally {
      await first?.stop('SIGKILL');
      await second?.stop();
    }
  });
});

describe('retries and the stuck-image sweeper', () => {
  it('retries a job after a passing storage error and completes it', async () => {
    const readUpload = failingFirst(1, env.ctx.files.readUpload, () => new Error('storage hiccup'));
    const core: ItemsCore = { ...env.ctx, files: { ...env.ctx.files, readUpload } };
    // The test's queues, with a core whose storage fails at first.
    const worker = startImageWorker({ ...queuesOf(env), core, concurrency: 1 });
    try {
      const { itemId, imageId } = await listWithPhoto();
      await eventually(async () => (await photoState(itemId)) === 'ready');
      // The photo is marked ready just before BullMQ records the job as completed.
      await eventually(async () => (await env.ctx.queues.images.getJob(imageId))?.isCompleted());
      const job = await env.ctx.queues.images.getJob(imageId);
      expect(job?.attemptsMade).toBe(2); // the failed attempt and the one that succeeded
      expect(readUpload.calls()).toBe(2);
    } finally {
      await worker.close();
    }
  });

  it('marks the photo failed once every attempt failed', async () => {
    const broken: ItemsCore = {
      ...env.ctx,
      files: {
        ...env.ctx.files,
        readUpload: async () => {
          throw new Error('storage down');
        },
      },
    };
    const worker = startImageWorker({
      core: broken,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 1,
    });
    try {
      const { itemId } = await listWithPhoto();
      await eventually(async () => (await photoState(itemId)) === 'failed', 15_000);
      const stored = await env.ctx.items.findById(itemId).lean<ItemRecord>();
      expect(stored?.photos[0]?.error).toBe('storage down');
    } finally {
      await worker.close();
    }
  });

  it('enqueues a photo left processing without a job, which then completes', async () => {
    const { itemId } = await strandedPhoto(5);
    const recent = await strandedPhoto(0);
    const outcome = await requeueStuckImages(env.ctx, env.ctx.queues.images, { olderThanMs: 60_000 });
    expect(outcome).toEqual({ requeued: 1, failed: 0 });
    const worker = await env.startWorker();
    try {
      await eventually(async () => (await photoState(itemId)) === 'ready');
      expect(await photoState(recent.itemId)).toBe('processing');
    } finally {
      await worker.close();
      await env.ctx.items.deleteOne({ _id: recent.itemId });
    }
  });

  it('deletes left-over uploads of photos that are ready, failed or gone, and keeps those still needed', async () => {
    await env.ctx.mongo.db!.collection('item-uploads.files').deleteMany({});
    await env.ctx.mongo.db!.collection('item-uploads.chunks').deleteMany({});
    const ready = await strandedPhoto(10);
    const processing = await strandedPhoto(10);
    const recent = await strandedPhoto(0);
    const gone = await strandedPhoto(10);
    await env.ctx.items.updateOne(
      { _id: ready.itemId, 'photos._id': ready.imageId },
      { $set: { 'photos.$.state': 'ready' } },
    );
    await env.ctx.items.deleteOne({ _id: gone.itemId });
    // Uploads of a few minutes ago, as a worker that died before deleting them would have left them.
    await env.ctx.mongo
      .db!.collection('item-uploads.files')
      .updateMany({}, { $set: { uploadDate: new Date(Date.now() - 10 * 60_000) } });
    await env.ctx.mongo
      .db!.collection('item-uploads.files')
      .updateOne({ _id: new mongoose.Types.ObjectId(recent.imageId) }, { $set: { uploadDate: new Date() } });

    expect(await deleteUnneededUploads(env.ctx, { olderThanMs: 5 * 60_000 })).toBe(2);
    const left = async (photo: { imageId: string }) =>
      (await env.ctx.files.readUpload(new mongoose.Types.ObjectId(photo.imageId))) !== null;
    expect([await left(ready), await left(processing), await left(recent), await left(gone)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    await env.ctx.items.deleteMany({
      _id: mongoose.trusted({ $in: [processing.itemId, recent.itemId, ready.itemId] }),
    });
    await env.ctx.files.deleteUploads(
      [processing, recent].map((photo) => new mongoose.Types.ObjectId(photo.imageId)),
    );
  });

  it('marks failed a photo whose job failed for good without marking it (a worker that died too often)', async () => {
    const { itemId, imageId } = await strandedPhoto(5);
    const connection = createRedis(env.stores.redisUrl, { name: 'test-dying-worker', forBullmq: true });
    const dying = new Worker(
      IMAGE_QUEUE,
      async () => {
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
      { connection, prefix: env.queuePrefix },
    );
    try {
      await env.ctx.queues.images.add('process', { itemId, imageId }, { jobId: imageId });
      await eventually(async () => (await env.ctx.queues.images.getJob(imageId))?.isFailed());
    } finally {
      await dying.close();
      await closeRedis(connection);
    }
    expect(await photoState(itemId)).toBe('processing');
    const outcome = await requeueStuckImages(env.ctx, env.ctx.queues.images, { olderThanMs: 60_000 });
    expect(outcome).toEqual({ requeued: 0, failed: 1 });
    const stored = await env.ctx.items.findById(itemId).lean<ItemRecord>();
    expect(stored?.photos[0]).toMatchObject({
      state: 'failed',
      error: 'job stalled more than allowable limit',
    });
    expect(await env.ctx.files.readUpload(new mongoose.Types.ObjectId(imageId))).toBeNull();
  });
});

function queuesOf(testEnv: { stores: { redisUrl: string }; queuePrefix: string }) {
  return { redisUrl: testEnv.stores.redisUrl, prefix: testEnv.queuePrefix };
}
