import mongoose from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nomadswap/contracts/enums';
import { UserPublicSchema, UserSelfSchema } from '@nomadswap/contracts/responses';
import { AVATAR_UPLOADS_BUCKET, AVATARS_BUCKET } from '../../data/avatar-files';
import { createAuthTestEnv, type AuthTestEnv } from '../../../test/support/auth-test-env';
import { buildAdmin, buildRegistration, buildUser } from '../../../test/support/factories';
import { pngWithExifAndGps, toDataUrl } from '@nomadswap/dev-stores/test-images';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await createAuthTestEnv();
});
afterAll(() => env.close());

const oid = (id: string) => new mongoose.Types.ObjectId(id);
const filesOf = (bucket: string, userId: string) =>
  env.stores.mongo.db!.collection(`${bucket}.files`).countDocuments({ 'metadata.userId': oid(userId) });

describe('GET /api/users/:id', () => {
  it('shows an approved viewer the public profile, without e-mail or anything stored', async () => {
    const viewer = await buildUser(env);
    const target = await buildUser(env);
    const res = await request(env.app).get(`/api/users/${target.id}`).set(viewer.headers);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(UserPublicSchema.shape).sort());
    expect(res.body).toMatchObject({ id: target.id, username: target.username });
    expect(res.body).not.toHaveProperty('email');
  });

  it('shows users their own profile in full, even before approval', async () => {
    const user = await buildUser(env, { isApproved: false });
    const res = await request(env.app).get(`/api/users/${user.id}`).set(user.headers);
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({ id: user.id, email: user.email });
  });

  it('shows admins anyone in full, with e-mail', async () => {
    const admin = await buildAdmin(env);
    const target = await buildUser(env, { isApproved: false });
    const res = await request(env.app).get(`/api/users/${target.id}`).set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(target.email);
  });

  it('refuses an unapproved viewer someone else’s profile with 403 Approval Required', async () => {
    const viewer = await buildUser(env, { isApproved: false });
    const target = await buildUser(env);
    const res = await request(env.app).get(`/api/users/${target.id}`).set(viewer.headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
  });

  it('after approval, the same token opens other profiles on the next request', async () => {
    const admin = await buildAdmin(env);
    const registered = await request(env.app).post('/api/auth/register').send(buildRegistration());
    const headers = { Authorization: `Bearer ${registered.body.token as string}` };
    const target = await buildUser(env);
    expect((await request(env.app).get(`/api/users/${target.id}`).set(headers)).status).toBe(403);

    const approved = await request(env.app)
      .post(`/api/admin/approve-user/${registered.body.user.id as string}`)
      .set(admin.headers);
    expect(approved.status).toBe(200);
    expect((await request(env.app).get(`/api/users/${target.id}`).set(headers)).status).toBe(200);
  });

  it('answers 401 without a token, 400 for a malformed id and 404 User Not Found for an unknown one', async () => {
    const viewer = await buildUser(env);
    expect((await request(env.app).get(`/api/users/${viewer.id}`)).status).toBe(401);
    const bad = await request(env.app).get('/api/users/not-an-id').set(viewer.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Invalid id', code: 'VALIDATION_ERROR' });
    const missing = await request(env.app)
      .get(`/api/users/${new mongoose.Types.ObjectId().toHexString()}`)
      .set(viewer.headers);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'User Not Found', code: 'NOT_FOUND' });
  });
});

describe('PUT /api/users/:id', () => {
  it('updates the user’s own name, location and bio, bumps the version and announces user.updated', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .put(`/api/users/${user.id}`)
      .set(user.headers)
      .send({ fullName: 'Ana Updated', location: 'Bali, Indonesia', bio: 'Now surfing in Bali.' });
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body)).toMatchObject({
      fullName: 'Ana Updated',
      location: 'Bali, Indonesia',
      bio: 'Now surfing in Bali.',
      email: user.email,
    });
    const stored = await env.models.users.findById(user.id).lean();
    expect(stored).toMatchObject({ fullName: 'Ana Updated', location: 'Bali, Indonesia', version: 2 });
    const event = (await env.events('user.updated')).find((e) => e.data.id === user.id);
    expect(event?.data).toMatchObject({ fullName: 'Ana Updated', location: 'Bali, Indonesia', version: 2 });
  });

  it('keeps the bio when it is left out', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .put(`/api/users/${user.id}`)
      .set(user.headers)
      .send({ fullName: 'Same Bio', location: 'Lisbon' });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBe(user.record.bio);
  });

  it('stores the chosen language, returns it on GET and announces it to the services that write to the user', async () => {
    const user = await buildUser(env);
    expect((await request(env.app).get(`/api/users/${user.id}`).set(user.headers)).body.language).toBeNull();
    for (const language of LANGUAGES) {
      const res = await request(env.app)
        .put(`/api/users/${user.id}`)
        .set(user.headers)
        .send({ fullName: user.record.fullName, location: 'Lisbon', language });
      expect(res.status, language).toBe(200);
      expect(res.body.language).toBe(language);
    }
    const read = await request(env.app).get(`/api/users/${user.id}`).set(user.headers);
    expect(UserSelfSchema.parse(read.body).language).toBe('de');
    expect((await request(env.app).get('/api/auth/me').set(user.headers)).body.language).toBe('de');
    const events = (await env.events('user.updated')).filter((e) => e.data.id === user.id);
    expect(events.at(-1)?.data).toMatchObject({ language: 'de' });
    // Left out, it stays.
    const kept = await request(env.app)
      .put(`/api/users/${user.id}`)
      .set(user.headers)
      .send({ fullName: 'Kept Language', location: 'Lisbon' });
    expect(kept.body.language).toBe('de');
  });

  it('refuses a language outside the five with 400 Invalid input and keeps the stored one', async () => {
    const user = await buildUser(env);
    for (const language of ['it', 'EN', 'de-DE', '', null, 3]) {
      const res = await request(env.app)
        .put(`/api/users/${user.id}`)
        .set(user.headers)
        .send({ fullName: 'Polyglot', location: 'Lisbon', language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.details).toEqual([{ field: 'language', message: 'Invalid input' }]);
    }
    expect(await env.models.users.findById(user.id).lean()).toMatchObject({ language: null, version: 1 });
  });

  it('refuses role, approval, rating or review count in the body (no mass assignment) and changes nothing', async () => {
    const user = await buildUser(env, { isApproved: false });
    for (const extra of [
      { role: 'admin' },
      { isApproved: true },
      { rating: 5 },
      { reviewCount: 99 },
      { email: 'x@y.z' },
    ]) {
      const res = await request(env.app)
        .put(`/api/users/${user.id}`)
        .set(user.headers)
        .send({ fullName: 'Sneaky', location: 'Nowhere', ...extra });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const stored = await env.models.users.findById(user.id).lean();
    expect(stored).toMatchObject({ role: 'user', isApproved: false, rating: 0, reviewCount: 0, version: 1 });
    expect(stored?.fullName).not.toBe('Sneaky');
  });

  it('answers 400 with the form messages when name or location is blank', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .put(`/api/users/${user.id}`)
      .set(user.headers)
      .send({ fullName: '  ', location: '' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'fullName', message: 'Full name is required' },
      { field: 'location', message: 'Location is required' },
    ]);
  });

  it('refuses editing someone else’s profile with 403, even for an admin, and without a token with 401', async () => {
    const user = await buildUser(env);
    const other = await buildUser(env);
    const admin = await buildAdmin(env);
    const body = { fullName: 'Hijacked', location: 'Elsewhere' };
    for (const headers of [other.headers, admin.headers]) {
      const res = await request(env.app).put(`/api/users/${user.id}`).set(headers).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Access Denied', code: 'FORBIDDEN' });
    }
    expect((await request(env.app).put(`/api/users/${user.id}`).send(body)).status).toBe(401);
    expect((await env.models.users.findById(user.id).lean())?.fullName).toBe(user.record.fullName);
  });
});

describe('POST /api/users/:id/avatar', () => {
  it('replaces the photo with a processed one without EXIF or GPS, and removes the old avatar and the raw upload', async () => {
    const registered = await request(env.app).post('/api/auth/register').send(buildRegistration());
    const userId = registered.body.user.id as string;
    const headers = { Authorization: `Bearer ${registered.body.token as string}` };
    const oldAvatar = registered.body.user.avatar as string;
    expect(oldAvatar).toMatch(/^\/api\/avatars\//);

    const photo = await pngWithExifAndGps();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('secret-owner');
    const res = await request(env.app)
      .post(`/api/users/${userId}/avatar`)
      .set(headers)
      .send({ avatar: toDataUrl(photo) });
    expect(res.status).toBe(200);
    expect(UserSelfSchema.parse(res.body).avatar).toMatch(/^\/api\/avatars\/[a-f0-9]{24}$/);
    expect(res.body.avatar).not.toBe(oldAvatar);

    for (const accept of ['image/webp', 'image/jpeg']) {
      const image = await request(env.app)
        .get(res.body.avatar as string)
        .set('Accept', accept)
        .buffer(true);
      expect(image.status).toBe(200);
      const metadata = await sharp(image.body as Buffer).metadata();
      expect(metadata.format).toBe(accept === 'image/webp' ? 'webp' : 'jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(400);
      expect((image.body as Buffer).toString('latin1')).not.toContain('secret-owner');
    }

    expect((await request(env.app).get(oldAvatar)).status).toBe(404);
    expect(await filesOf(AVATAR_UPLOADS_BUCKET, userId)).toBe(0);
    expect(await filesOf(AVATARS_BUCKET, userId)).toBe(2);
    const event = (await env.events('user.updated')).find(
      (e) => e.data.id === userId && e.data.avatar === res.body.avatar,
    );
    expect(event?.data.version).toBe(3);
  });

  it('refuses a text file posing as a PNG with 400 Invalid file type', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .post(`/api/users/${user.id}/avatar`)
      .set(user.headers)
      .send({ avatar: toDataUrl(Buffer.from('#!/bin/sh\necho not an image\n')) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid file type');
    expect(await filesOf(AVATAR_UPLOADS_BUCKET, user.id)).toBe(0);
  });

  it('answers 400 Profile photo is required without a photo', async () => {
    const user = await buildUser(env);
    const res = await request(env.app).post(`/api/users/${user.id}/avatar`).set(user.headers).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Profile photo is required');
  });

  it('refuses changing someone else’s photo with 403 and without a token with 401', async () => {
    const user = await buildUser(env);
    const other = await buildUser(env);
    const body = { avatar: buildRegistration().avatar };
    expect(
      (await request(env.app).post(`/api/users/${user.id}/avatar`).set(other.headers).send(body)).status,
    ).toBe(403);
    expect((await request(env.app).post(`/api/users/${user.id}/avatar`).send(body)).status).toBe(401);
    expect(await filesOf(AVATAR_UPLOADS_BUCKET, user.id)).toBe(0);
  });
});

describe('DELETE /api/users/:id', () => {
  it('lets an admin delete a user permanently: record, state and avatar files go, user.deleted is published', async () => {
    const admin = await buildAdmin(env);
    const registered = await request(env.app).post('/api/auth/register').send(buildRegistration());
    const userId = registered.body.user.id as string;
    expect(await filesOf(AVATARS_BUCKET, userId)).toBe(2);

    const res = await request(env.app).delete(`/api/users/${userId}`).set(admin.headers);
    expect(res.status).toBe(204);
    expect(await env.models.users.exists({ _id: oid(userId) })).toBeNull();
    expect(await env.ctx.userState.get(userId)).toBeNull();
    expect(await filesOf(AVATARS_BUCKET, userId)).toBe(0);
    expect((await env.events('user.deleted')).map((e) => e.data.id)).toContain(userId);
    expect((await request(env.app).get(registered.body.user.avatar as string)).status).toBe(404);
  });

  it('refuses non-admins with 403 Admin Access Required and anonymous callers with 401', async () => {
    const user = await buildUser(env);
    const target = await buildUser(env);
    const res = await request(env.app).delete(`/api/users/${target.id}`).set(user.headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Admin Access Required', code: 'FORBIDDEN' });
    expect((await request(env.app).delete(`/api/users/${target.id}`)).status).toBe(401);
    expect(await env.models.users.exists({ _id: oid(target.id) })).not.toBeNull();
  });

  it('refuses an admin deleting their own account with 400', async () => {
    const admin = await buildAdmin(env);
    const res = await request(env.app).delete(`/api/users/${admin.id}`).set(admin.headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'You cannot delete your own account', code: 'CANNOT_DELETE_SELF' });
    expect(await env.models.users.exists({ _id: oid(admin.id) })).not.toBeNull();
  });

  it('answers 404 User Not Found for an unknown user and 400 for a malformed id', async () => {
    const admin = await buildAdmin(env);
    const missing = await request(env.app)
      .delete(`/api/users/${new mongoose.Types.ObjectId().toHexString()}`)
      .set(admin.headers);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('User Not Found');
    expect((await request(env.app).delete('/api/users/123').set(admin.headers)).status).toBe(400);
  });
});
