import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import type { Item } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { buildItem, buildOwner } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

let env: ItemsTestEnv;
let owner: TestSession;
let admin: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  [owner, admin] = await Promise.all([env.signIn(), env.signIn({ role: 'admin' })]);
  await buildOwner(env, { id: owner.id, fullName: 'Olga Owner' });
});
afterAll(() => env.close());

const api = () => request(env.app);
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('GET /api/admin/all-items', () => {
  it('lists every item newest first, swapped and inactive ones too, with owner and photo states', async () => {
    await env.ctx.items.deleteMany({});
    const photoId = new mongoose.Types.ObjectId();
    await buildItem(env, { userId: owner.id, title: 'available', createdAt: at(3) });
    await buildItem(env, { userId: owner.id, title: 'swapped', isSwapped: true, createdAt: at(2) });
    await buildItem(env, {
      userId: owner.id,
      title: 'inactive with a failed photo',
      isActive: false,
      createdAt: at(1),
      photos: [{ _id: photoId, state: 'failed', error: 'corrupt', createdAt: new Date() }],
    });
    const res = await api().get('/api/admin/all-items').set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body.map((item: Item) => item.title)).toEqual([
      'inactive with a failed photo',
      'swapped',
      'available',
    ]);
    expect(res.body[0].photos).toEqual([
      { id: photoId.toHexString(), state: 'failed', thumb: null, full: null },
    ]);
    expect(res.body[0].user.fullName).toBe('Olga Owner');
  });

  it('pages with limit and cursor, and still counts every item', async () => {
    await env.ctx.items.deleteMany({});
    for (let i = 0; i < 5; i++) await buildItem(env, { userId: owner.id, createdAt: at(i) });
    const first = await api().get('/api/admin/all-items?limit=3').set(admin.headers);
    expect(first.body).toHaveLength(3);
    expect(first.headers['x-total-count']).toBe('5');
    const second = await api()
      .get('/api/admin/all-items')
      .query({ limit: 3, cursor: first.headers['x-next-cursor'] })
      .set(admin.headers);
    expect(second.body).toHaveLength(2);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect(second.headers['x-total-count']).toBe('5');
    const ids = [...first.body, ...second.body].map((item: Item) => item.id);
    expect(new Set(ids).size).toBe(5);
    expect((await api().get('/api/admin/all-items?limit=1001').set(admin.headers)).status).toBe(400);
  });

  it('refuses visitors with 401 and everyone but admins with 403 Admin Access Required', async () => {
    expect((await api().get('/api/admin/all-items')).status).toBe(401);
    for (const session of [owner, await env.signIn({ isApproved: false })]) {
      const res = await api().get('/api/admin/all-items').set(session.headers);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(MSG.adminRequired);
    }
  });
});

describe('DELETE /api/admin/items/:id', () => {
  it("deletes anyone's item with its favourites and publishes item.deleted", async () => {
    const item = await buildItem(env, { userId: owner.id });
    const id = item._id.toHexString();
    const fan = await env.signIn();
    await api().post(`/api/favorites/${id}`).set(fan.headers).expect(200);
    const res = await api().delete(`/api/admin/items/${id}`).set(admin.headers);
    expect(res.status).toBe(204);
    expect(await env.ctx.items.exists({ _id: item._id })).toBeNull();
    expect(await env.ctx.favorites.countDocuments({ itemId: item._id })).toBe(0);
    expect((await env.events('item.deleted')).at(-1)?.data).toEqual({ id, userId: owner.id });
    const audit = (await env.events('admin.action')).find((e) => e.data.target.id === id);
    expect(audit?.data).toMatchObject({
      actorId: admin.id,
      action: 'item.deleted',
      target: { type: 'item', id },
      before: { title: item.title, userId: owner.id },
    });
  });

  it('answers 404 for a missing item, 400 for a malformed id', async () => {
    const missing = await api()
      .delete(`/api/admin/items/${new mongoose.Types.ObjectId().toHexString()}`)
      .set(admin.headers);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Item not found');
    expect((await api().delete('/api/admin/items/123').set(admin.headers)).status).toBe(400);
  });

  it('refuses visitors with 401 and non-admins, owners included, with 403', async () => {
    const item = await buildItem(env, { userId: owner.id });
    const url = `/api/admin/items/${item._id.toHexString()}`;
    expect((await api().delete(url)).status).toBe(401);
    expect((await api().delete(url).set(owner.headers)).status).toBe(403);
    expect(await env.ctx.items.exists({ _id: item._id })).not.toBeNull();
  });
});
