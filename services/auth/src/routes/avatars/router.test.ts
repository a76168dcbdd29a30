import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildRegistration } from '../../../test/support/factories';

let env: AuthTestEnv;
let avatar: string;
let userId: string;
beforeAll(async () => {
  env = await createAuthTestEnv();
  const res = await request(env.app).post('/api/auth/register').send(buildRegistration());
  avatar = res.body.user.avatar as string;
  userId = res.body.user.id as string;
});
afterAll(() => env.close());

describe('GET /api/avatars/:id', () => {
  it('serves WebP to clients that accept it, publicly, cached as immutable, with nosniff', async () => {
    const res = await request(env.app)
      .get(avatar)
      .set('Accept', 'image/avif,image/webp,image/apng,*/*;q=0.8')
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.vary).toContain('Accept');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect((await sharp(res.body as Buffer).metadata()).format).toBe('webp');
  });

  it('serves JPEG to clients that do not accept WebP', async () => {
    const res = await request(env.app).get(avatar).set('Accept', 'image/jpeg,image/png').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.body as Buffer).metadata()).format).toBe('jpeg');
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await request(env.app).get(avatar).set('Accept', 'image/webp');
    const again = await request(env.app)
      .get(avatar)
      .set('Accept', 'image/webp')
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown avatar and never serves a raw upload', async () => {
    expect(
      (await request(env.app).get(`/api/avatars/${new mongoose.Types.ObjectId().toHexString()}`)).status,
    ).toBe(404);
    const uploadId = new mongoose.Types.ObjectId();
    await env.ctx.avatarFiles.saveUpload({
      userId: new mongoose.Types.ObjectId(userId),
      data: Buffer.from('raw bytes'),
      contentType: 'image/png',
    });
    const raw = await env.stores.mongo.db!.collection('avatar-uploads.files').findOne({});
    expect(raw).not.toBeNull();
    for (const id of [uploadId, raw!._id]) {
      const res = await request(env.app).get(`/api/avatars/${id.toHexString()}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 400 for a malformed id', async () => {
    const res = await request(env.app).get('/api/avatars/..%2F..%2Fetc%2Fpasswd');
    expect(res.status).toBe(400);
  });
});
