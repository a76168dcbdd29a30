import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { buildItem } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

let env: ItemsTestEnv;
let owner: TestSession;
let unapproved: TestSession;
let admin: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  [owner, unapproved, admin] = await Promise.all([
    env.signIn(),
    env.signIn({ isApproved: false }),
    env.signIn({ role: 'admin' }),
  ]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const favoritesOf = (session: TestSession) =>
  env.ctx.favorites.countDocuments({ userId: new mongoose.Types.ObjectId(session.id) });

describe('favourites', () => {
  it('lets an approved user favourite an item once however often they ask, and lists it favourited', async () => {
    const fan = await env.signIn();
    const item = await buildItem(env, { userId: owner.id });
    const id = item._id.toHexString();
    for (let i = 0; i < 2; i++) {
      const res = await api().post(`/api/favorites/${id}`).set(fan.headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isFavorited: true });
    }
    expect(await favoritesOf(fan)).toBe(1);
    const list = await api().get('/api/favorites').set(fan.headers);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.map((entry: Item) => [entry.id, entry.isFavorited])).toEqual([[id, true]]);
    const browse = await api().get('/api/items?limit=100').set(fan.headers);
    expect(browse.body.find((entry: Item) => entry.id === id).isFavorited).toBe(true);
    const others = await api().get('/api/items?limit=100').set(owner.headers);
    expect(others.body.find((entry: Item) => entry.id === id).isFavorited).toBe(false);
    // The item page says the same, each viewer their own.
    expect((await api().get(`/api/items/${id}`).set(fan.headers)).body.isFavorited).toBe(true);
    expect((await api().get(`/api/items/${id}`).set(owner.headers)).body.isFavorited).toBe(false);
  });

  it('keeps one favourite when the same user adds it concurrently', async () => {
    const fan = await env.signIn();
    const item = await buildItem(env, { userId: owner.id });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api().post(`/api/favorites/${item._id.toHexString()}`).set(fan.headers),
      ),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await favoritesOf(fan)).toBe(1);
  });

  it('removes a favourite idempotently, even for an item that no longer exists', async () => {
    const fan = await env.signIn();
    const item = await buildItem(env, { userId: owner.id });
    const url = `/api/favorites/${item._id.toHexString()}`;
    await api().post(url).set(fan.headers).expect(200);
    for (let i = 0; i < 2; i++) {
      const res = await api().delete(url).set(fan.headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isFavorited: false });
    }
    expect(await favoritesOf(fan)).toBe(0);
    const gone = await api()
      .delete(`/api/favorites/${new mongoose.Types.ObjectId().toHexString()}`)
      .set(fan.headers);
    expect(gone.status).toBe(200);
  });

  it('toggles with POST /api/items/:id/favorite and says which way it went', async () => {
    const fan = await env.signIn();
    const item = await buildItem(env, { userId: owner.id });
    const url = `/api/items/${item._id.toHexString()}/favorite`;
    expect((await api().post(url).set(fan.headers)).body).toEqual({ isFavorited: true });
    expect((await api().post(url).set(fan.headers)).body).toEqual({ isFavorited: false });
    expect((await api().post(url).set(fan.headers)).body).toEqual({ isFavorited: true });
    expect(await favoritesOf(fan)).toBe(1);
  });

  it('lists the most recently favourited first, swapped items included', async () => {
    const fan = await env.signIn();
    const first = await buildItem(env, { userId: owner.id, title: 'first' });
    const second = await buildItem(env, { userId: owner.id, title: 'second', isSwapped: true });
    await api().post(`/api/favorites/${first._id.toHexString()}`).set(fan.headers).expect(200);
    // No pause needed: within one millisecond the newer favourite's id (ObjectIds increase) orders it first.
    await api().post(`/api/favorites/${second._id.toHexString()}`).set(fan.headers).expect(200);
    const list = await api().get('/api/favorites').set(fan.headers);
    expect(list.body.map((entry: Item) => entry.title)).toEqual(['second', 'first']);
  });

  it('forgets favourites of an item deleted by its owner or by an admin', async () => {
    const fan = await env.signIn();
    const byOwner = await buildItem(env, { userId: owner.id });
    const byAdmin = await buildItem(env, { userId: owner.id });
    for (const item of [byOwner, byAdmin]) {
      await api().post(`/api/favorites/${item._id.toHexString()}`).set(fan.headers).expect(200);
    }
    await api().delete(`/api/items/${byOwner._id.toHexString()}`).set(owner.headers).expect(204);
    await api().delete(`/api/admin/items/${byAdmin._id.toHexString()}`).set(admin.headers).expect(204);
    expect(await favoritesOf(fan)).toBe(0);
    expect((await api().get('/api/favorites').set(fan.headers)).body).toEqual([]);
  });

  it('answers 404 Item not found when favouriting a missing item, 400 for a malformed id', async () => {
    const missing = new mongoose.Types.ObjectId().toHexString();
    for (const url of [`/api/favorites/${missing}`, `/api/items/${missing}/favorite`]) {
      const res = await api().post(url).set(owner.headers);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Item not found');
    }
    expect((await api().post('/api/favorites/xyz').set(owner.headers)).status).toBe(400);
    expect(await favoritesOf(owner)).toBe(0);
  });

  it('refuses visitors with 401 and unapproved users with 403 Approval Required; admins may favourite', async () => {
    const item = await buildItem(env, { userId: owner.id });
    const id = item._id.toHexString();
    const calls = [
      () => api().get('/api/favorites'),
      () => api().post(`/api/favorites/${id}`),
      () => api().delete(`/api/favorites/${id}`),
      () => api().post(`/api/items/${id}/favorite`),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const refused = await call().set(unapproved.headers);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
      expect([200]).toContain((await call().set(admin.headers)).status);
    }
    expect(await favoritesOf(unapproved)).toBe(0);
  });
});
