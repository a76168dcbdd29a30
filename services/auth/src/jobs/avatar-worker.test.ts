import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_UPLOADS_BUCKET } from '../data/avatar-files';
import { eventually, failingFirst } from '@nomadswap/service-kit/testing';
import { createAuthTestEnv, type AuthTestEnv } from '../../test/support/auth-test-env';
import { buildUser, type TestUser } from '../../test/support/factories';
import { pixelBomb, png, pngWithExifAndGps, rotatedJpeg, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { startAvatarWorker } from './avatar-worker';

let env: AuthTestEnv;
beforeAll(async () => {
  // The workers are started per test here, to control them.
  env = await createAuthTestEnv({ workers: false, settings: { avatarWaitMs: 0 } });
});
afterAll(() => env.close());

const oid = (id: string) => new mongoose.Types.ObjectId(id);
const uploadsOf = (userId: string) =>
  env.stores.mongo
    .db!.collection(`${AVATAR_UPLOADS_BUCKET}.files`)
    .countDocuments({ 'metadata.userId': oid(userId) });

/** Stores `data` as the user's pending upload and enqueues its job, as the API does. */
async function enqueue(user: TestUser, data: Buffer) {
  const uploadId = await env.ctx.avatarFiles.saveUpload({
    userId: oid(user.id),
    data,
    contentType: 'image/png',
  });
  await env.models.users.updateOne({ _id: oid(user.id) }, { $set: { pendingAvatarUploadId: uploadId } });
  return env.ctx.queues.avatars.add(
    'process',
    { userId: user.id, uploadId: uploadId.toHexString() },
    { jobId: uploadId.toHexString(), backoff: { type: 'exponential', delay: 50 } },
  );
}

async function fetchAvatar(url: string, accept: string): Promise<Buffer> {
  const res = await request(env.app).get(url).set('Accept', accept).buffer(true);
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

describe('avatar worker', () => {
  it('writes WebP and JPEG variants fitted in 400×400 with every bit of metadata (EXIF, GPS) removed', async () => {
    const worker = startAvatarWorker({
      core: env.ctx,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 2,
    });
    try {
      const user = await buildUser(env);
      const job = await enqueue(user, await pngWithExifAndGps(1200, 900));
      const outcome = await job.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000);
      expect(outcome).toMatchObject({ status: 'ready', avatar: expect.stringMatching(/^\/api\/avatars\//) });

      const stored = await env.models.users.findById(user.id).lean();
      expect(stored?.avatar).toBe(outcome.avatar);
      expect(stored?.pendingAvatarUploadId).toBeNull();
      for (const accept of ['image/webp', 'image/jpeg']) {
        const metadata = await sharp(await fetchAvatar(stored!.avatar!, accept)).metadata();
        expect([metadata.width, metadata.height]).toEqual([400, 300]);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
      }
      expect(await uploadsOf(user.id)).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('turns a photo upright by its EXIF orientation and never enlarges a small one', async () => {
    const worker = startAvatarWorker({
      core: env.ctx,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 1,
    });
    try {
      const user = await buildUser(env);
      const job = await enqueue(user, await rotatedJpeg(300, 200));
      const outcome = await job.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000);
      const metadata = await sharp(await fetchAvatar(outcome.avatar as string, 'image/jpeg')).metadata();
      expect([metadata.width, metadata.height]).toEqual([200, 300]);
      expect(metadata.orientation).toBeUndefined();
    } finally {
      await worker.close();
    }
  });

  it('fails a pixel bomb at once (no retries) without decoding it; the user keeps their avatar and the upload goes', async () => {
    const worker = startAvatarWorker({
      core: env.ctx,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 1,
    });
    try {
      const user = await buildUser(env);
      const before = process.memoryUsage().rss;
      const job = await enqueue(user, pixelBomb());
      await expect(job.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000)).rejects.toThrow(/pixel limit/);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
      const failed = await env.ctx.queues.avatars.getJob(job.id!);
      expect(failed?.attemptsMade).toBe(1);
      expect(await failed?.getState()).toBe('failed');
      expect(await env.models.users.findById(user.id).lean()).toMatchObject({
        avatar: null,
        pendingAvatarUploadId: null,
      });
      expect(await uploadsOf(user.id)).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('retries a storage failure with backoff and succeeds on a later attempt', async () => {
    const readUpload = failingFirst(
      2,
      env.ctx.avatarFiles.readUpload,
      () => new Error('MongoNetworkError: connection reset'),
    );
    const core = { ...env.ctx, avatarFiles: { ...env.ctx.avatarFiles, readUpload } };
    // The test's queues, with a core whose storage fails at first.
    const worker = startAvatarWorker({ ...queuesOf(env), core, concurrency: 1 });
    try {
      const user = await buildUser(env);
      const job = await enqueue(user, await png());
      const outcome = await job.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000);
      expect(outcome.status).toBe('ready');
      expect(readUpload.calls()).toBe(3);
      expect((await env.ctx.queues.avatars.getJob(job.id!))?.attemptsMade).toBe(3);
    } finally {
      await worker.close();
    }
  });

  it('drops an upload superseded by a newer one, so a slow older job never overwrites the newer photo', async () => {
    const user = await buildUser(env);
    const older = await enqueue(user, await png(64, 64));
    const newer = await enqueue(user, await png(80, 40));
    const worker = startAvatarWorker({
      core: env.ctx,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 1,
    });
    try {
      expect(await older.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000)).toEqual({
        status: 'superseded',
      });
      const outcome = await newer.waitUntilFinished(env.ctx.queues.avatarEvents, 10_000);
      const metadata = await sharp(await fetchAvatar(outcome.avatar as string, 'image/webp')).metadata();
      expect([metadata.width, metadata.height]).toEqual([80, 40]);
      expect((await env.models.users.findById(user.id).lean())?.avatar).toBe(outcome.avatar);
      expect(await uploadsOf(user.id)).toBe(0);
    } finally {
      await worker.close();
    }
  });

  it('when the API does not wait, the worker still completes later and publishes user.updated', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .post(`/api/users/${user.id}/avatar`)
      .set(user.headers)
      .send({ avatar: toDataUrl(await png()) });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toBeNull();

    const worker = startAvatarWorker({
      core: env.ctx,
      redisUrl: env.stores.redisUrl,
      prefix: env.queuePrefix,
      concurrency: 1,
    });
    try {
      const event = await eventually(async () =>
        (await env.events('user.updated')).find((e) => e.data.id === user.id && e.data.avatar),
      );
      expect((await env.models.users.findById(user.id).lean())?.avatar).toBe(event.data.avatar);
    } finally {
      await worker.close();
    }
  });
});

function queuesOf(testEnv: { stores: { redisUrl: string }; queuePrefix: string }) {
  return { redisUrl: testEnv.stores.redisUrl, prefix: testEnv.queuePrefix };
}
