import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadswap/contracts/messages';
import { ItemCardSchema, ItemSchema, type Item } from '@nomadswap/contracts/responses';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { createItemsCore } from '../../context';
import { toggleItemSwapped } from '../../domain/toggle-item-swapped';
import { buildItem, buildItemInput, buildOwner } from '../../../test/support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from '../../../test/support/items-test-env';

let env: ItemsTestEnv;
let approved: TestSession;
let unapproved: TestSession;
let admin: TestSession;

beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  [approved, unapproved, admin] = await Promise.all([
    env.signIn(),
    env.signIn({ isApproved: false }),
    env.signIn({ role: 'admin' }),
  ]);
});
afterAll(() => env.close());

const api = () => request(env.app);
const missingId = () => new mongoose.Types.ObjectId().toHexString();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

/** A fresh database state for a listing test: only these items exist. */
async function onlyItems(build: () => Promise<unknown>) {
  await env.ctx.items.deleteMany({});
  await build();
}

describe('GET /api/items', () => {
  it('lists available items newest first, each with its owner summary, valid against the contract', async () => {
    const owner = await env.signIn();
    const summary = await buildOwner(env, { id: owner.id, fullName: 'Ana Nomad', rating: 4 });
    await onlyItems(async () => {
      await buildItem(env, { userId: owner.id, title: 'older', createdAt: at(10) });
      await buildItem(env, { userId: owner.id, title: 'newer', createdAt: at(5) });
      await buildItem(env, { userId: owner.id, title: 'swapped', isSwapped: true, createdAt: at(1) });
      await buildItem(env, { userId: owner.id, title: 'inactive', isActive: false, createdAt: at(2) });
    });
    const res = await api().get('/api/items').set(approved.headers);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.map((item: Item) => item.title)).toEqual(['newer', 'older']);
    const [first] = res.body as Item[];
    expect(ItemSchema.parse(first)).toEqual(first);
    expect(first!.user).toEqual({
      id: owner.id,
      fullName: 'Ana Nomad',
      username: summary.username,
      avatar: summary.avatar,
      rating: 4,
      reviewCount: summary.reviewCount,
    });
    expect(first!.isFavorited).toBe(false);
  });

  it('gives an item whose owner is not known yet a null user rather than failing', async () => {
    await onlyItems(() => buildItem(env, { userId: missingId() }));
    const res = await api().get('/api/items').set(approved.headers);
    expect(res.status).toBe(200);
    expect(res.body[0].user).toBeNull();
  });

  it('gives visitors at most 6 items, ignores their location filter and offers no next page', async () => {
    await onlyItems(async () => {
      for (let i = 0; i < 8; i++) {
        await buildItem(env, {
          userId: approved.id,
          location: i < 2 ? 'Lisbon, Portugal' : 'Bali, Indonesia',
        });
      }
    });
    const res = await api().get('/api/items?location=Lisbon&limit=50');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(res.body.filter((item: Item) => item.location.startsWith('Bali'))).not.toHaveLength(0);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.body[0]).not.toHaveProperty('isFavorited');
  });

  it("searches only titles and descriptions with a visitor's q: it never reaches location, the filter visitors may not use", async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, title: 'Lisbon guidebook', location: 'Bali, Indonesia' });
      await buildItem(env, { userId: approved.id, description: 'Bought in lisbon', location: 'Bali' });
      await buildItem(env, { userId: approved.id, title: 'Tent', location: 'Lisbon, Portugal' });
    });
    const visitor = await api().get('/api/items?q=lisbon');
    expect(visitor.status).toBe(200);
    expect(visitor.body.map((item: { location: string }) => item.location).sort()).toEqual([
      'Bali',
      'Bali, Indonesia',
    ]);
    const signedIn = await api().get('/api/items?q=lisbon').set(unapproved.headers);
    expect(signedIn.body).toHaveLength(3);
  });

  it('gives visitors and unapproved users only what the browse card shows; approved users, admins and owners the full item', async () => {
    const owner = await env.signIn();
    await buildOwner(env, { id: owner.id, fullName: 'Card Owner', rating: 3, reviewCount: 7 });
    const ownUnapproved = await env.signIn({ isApproved: false });
    const photoId = new mongoose.Types.ObjectId();
    await onlyItems(async () => {
      await buildItem(env, {
        userId: owner.id,
        title: 'with photo',
        preferredExchange: 'a book',
        photos: [
          { _id: photoId, state: 'ready', error: null, createdAt: new Date() },
          { _id: new mongoose.Types.ObjectId(), state: 'ready', error: null, createdAt: new Date() },
        ],
        createdAt: at(2),
      });
      await buildItem(env, { userId: ownUnapproved.id, title: 'own of unapproved', createdAt: at(1) });
    });
    for (const headers of [{}, unapproved.headers]) {
      const res = await api().get('/api/items').set(headers);
      expect(res.status).toBe(200);
      const card = res.body.find((item: { title: string }) => item.title === 'with photo');
      expect(ItemCardSchema.parse(card)).toEqual(card);
      expect(card).toEqual({
        id: expect.any(String),
        title: 'with photo',
        description: expect.any(String),
        category: 'Books',
        condition: 'good',
        location: 'Bangkok, Thailand',
        placeId: '1609350',
        cover: `/api/images/${photoId.toHexString()}?size=thumb`,
        isReserved: false,
        availableUntil: null,
        user: { fullName: 'Card Owner', avatar: expect.any(String), rating: 3, reviewCount: 7 },
      });
    }
    for (const session of [approved, admin]) {
      const res = await api().get('/api/items').set(session.headers);
      expect(res.body).toHaveLength(2);
      for (const item of res.body as Item[]) expect(ItemSchema.strict().parse(item)).toEqual(item);
    }
    const own = await api().get('/api/items').set(ownUnapproved.headers);
    const [mine, theirs] = [0, 1].map((i) => own.body[i]);
    expect(ItemSchema.parse(mine)).toEqual(mine);
    expect(mine.title).toBe('own of unapproved');
    expect(ItemCardSchema.parse(theirs)).toEqual(theirs);
  });

  it('lets signed-in users, approved or not, filter by location as a case-insensitive substring', async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, title: 'a', location: 'Lisbon, Portugal' });
      await buildItem(env, { userId: approved.id, title: 'b', location: 'lisbon' });
      await buildItem(env, { userId: approved.id, title: 'c', location: 'Bangkok, Thailand' });
    });
    for (const session of [unapproved, approved, admin]) {
      const res = await api().get('/api/items?location=LISBON').set(session.headers);
      expect(res.status).toBe(200);
      expect(res.body.map((item: Item) => item.title).sort()).toEqual(['a', 'b']);
    }
  });

  it('searches title, description and location with q, treating regex characters literally', async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, title: 'Canon camera', description: 'x' });
      await buildItem(env, { userId: approved.id, title: 'Tent', description: 'Fits a CAMERA bag too' });
      await buildItem(env, { userId: approved.id, title: 'Mug', location: 'Camera Town' });
      await buildItem(env, { userId: approved.id, title: 'Ukulele (soprano)', description: 'y' });
    });
    const camera = await api().get('/api/items?q=camera').set(approved.headers);
    expect(camera.body.map((item: Item) => item.title).sort()).toEqual(['Canon camera', 'Mug', 'Tent']);
    const literal = await api().get('/api/items?q=.*').set(approved.headers);
    expect(literal.status).toBe(200);
    expect(literal.body).toEqual([]);
    const paren = await api().get('/api/items?q=(soprano').set(approved.headers);
    expect(paren.body.map((item: Item) => item.title)).toEqual(['Ukulele (soprano)']);
  });

  it('filters by category; an empty category means all categories', async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, category: 'Music' });
      await buildItem(env, { userId: approved.id, category: 'Books' });
    });
    const music = await api().get('/api/items?category=Music').set(approved.headers);
    expect(music.body.map((item: Item) => item.category)).toEqual(['Music']);
    const all = await api().get('/api/items?category=').set(approved.headers);
    expect(all.body).toHaveLength(2);
  });

  it("shows swapped and inactive items to their owner and to admins asking for the user's items, not to others", async () => {
    const owner = await env.signIn();
    await onlyItems(async () => {
      await buildItem(env, { userId: owner.id, title: 'available' });
      await buildItem(env, { userId: owner.id, title: 'swapped', isSwapped: true });
      await buildItem(env, { userId: approved.id, title: 'someone else' });
    });
    const own = await api().get(`/api/items?userId=${owner.id}`).set(owner.headers);
    expect(own.body.map((item: Item) => item.title).sort()).toEqual(['available', 'swapped']);
    const byAdmin = await api().get(`/api/items?userId=${owner.id}`).set(admin.headers);
    expect(byAdmin.body.map((item: Item) => item.title).sort()).toEqual(['available', 'swapped']);
    const byOther = await api().get(`/api/items?userId=${owner.id}`).set(approved.headers);
    expect(byOther.body.map((item: Item) => item.title)).toEqual(['available']);
  });

  it('pages with limit and the X-Next-Cursor header, returning every item exactly once', async () => {
    const sameTime = at(3);
    await onlyItems(async () => {
      for (let i = 0; i < 12; i++)
        await buildItem(env, { userId: approved.id, title: `t${i}`, createdAt: at(i) });
      // Items created in the same millisecond must neither repeat nor vanish between pages.
      for (let i = 0; i < 5; i++)
        await buildItem(env, { userId: approved.id, title: `same${i}`, createdAt: sameTime });
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await api()
        .get('/api/items')
        .query({ limit: 4, ...(cursor ? { cursor } : {}) })
        .set(approved.headers);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.map((item: Item) => item.id));
      cursor = res.headers['x-next-cursor'];
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(17);
    expect(new Set(seen).size).toBe(17);
    const all = await api().get('/api/items').set(approved.headers);
    expect(all.body.map((item: Item) => item.id)).toEqual(seen);
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses bad query parameters with 400 and the field named', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['category=Cars', 'category'],
      ['userId=42', 'userId'],
      ['cursor=bm9wZQ', 'cursor'],
      [`location=${'x'.repeat(121)}`, 'location'],
      [`q=${'x'.repeat(121)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await api().get(`/api/items?${query}`).set(approved.headers);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
      expect(res.body.details[0].field, query).toBe(field);
    }
    const cursor = await api().get('/api/items?cursor=bm9wZQ').set(approved.headers);
    expect(cursor.body.error).toBe('Invalid cursor');
    const userId = await api().get('/api/items?userId=42').set(approved.headers);
    expect(userId.body.error).toBe('Invalid id');
  });

  it('never runs an operator smuggled in the query string', async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, location: 'Lisbon' });
      await buildItem(env, { userId: approved.id, location: 'x' });
    });
    const res = await api().get('/api/items?location[$ne]=x&q[$regex]=.').set(approved.headers);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
  });

  it('answers 401 for a bad token rather than treating the caller as a visitor', async () => {
    const res = await api().get('/api/items').set('Authorization', 'Bearer nonsense');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: MSG.invalidToken, code: 'INVALID_TOKEN' });
  });
});

describe('cached listings', () => {
  it('serve a change made through another replica on the very next request', async () => {
    const owner = await env.signIn();
    await onlyItems(() => buildItem(env, { userId: owner.id, title: 'cached' }));
    const first = await api().get('/api/items').set(approved.headers);
    expect(first.body.map((item: Item) => item.isSwapped)).toEqual([false]);
    const stats = await api().get('/api/items/stats');
    expect(stats.body.locationCounts).toEqual({ 'Bangkok, Thailand': 1 });

    // A second replica: its own process memory, the same database and Redis.
    const replica = { ...env.ctx, ...createItemsCore({ ...env.ctx, keyPrefix: env.stores.keyPrefix }) };
    await toggleItemSwapped(replica, {
      viewer: { id: owner.id, role: 'user', isApproved: true },
      itemId: first.body[0].id,
    });
    expect((await api().get('/api/items').set(approved.headers)).body).toEqual([]);
    expect((await api().get('/api/items/stats')).body).toEqual({ locationCounts: {} });
    const own = await api().get(`/api/items?userId=${owner.id}`).set(owner.headers);
    expect(own.body.map((item: Item) => item.isSwapped)).toEqual([true]);
  });
});

describe('GET /api/items/stats', () => {
  it('counts available items per location, for everyone', async () => {
    await onlyItems(async () => {
      await buildItem(env, { userId: approved.id, location: 'Lisbon, Portugal' });
      await buildItem(env, { userId: approved.id, location: 'Lisbon, Portugal' });
      await buildItem(env, { userId: approved.id, location: 'Bali, Indonesia' });
      await buildItem(env, { userId: approved.id, location: 'Bali, Indonesia', isSwapped: true });
      await buildItem(env, { userId: approved.id, location: 'Bangkok, Thailand', isActive: false });
    });
    for (const headers of [{}, unapproved.headers, approved.headers, admin.headers]) {
      const res = await api().get('/api/items/stats').set(headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ locationCounts: { 'Lisbon, Portugal': 2, 'Bali, Indonesia': 1 } });
    }
  });
});

describe('GET /api/items/:id', () => {
  it('opens for approved users, admins and the owner; 403 Approval Required for other unapproved users', async () => {
    const owner = await env.signIn({ isApproved: false });
    const item = await buildItem(env, { userId: owner.id });
    const url = `/api/items/${item._id.toHexString()}`;
    for (const session of [approved, admin, owner]) {
      const res = await api().get(url).set(session.headers);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(item._id.toHexString());
    }
    const refused = await api().get(url).set(unapproved.headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
    const visitor = await api().get(url);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe(MSG.authRequired);
  });

  it('answers 404 Item not found for a missing item, 400 for a malformed id', async () => {
    const missing = await api().get(`/api/items/${missingId()}`).set(approved.headers);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
    const bad = await api().get('/api/items/not-an-id').set(approved.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid id');
  });

  it('hides an inactive item from everyone but its owner and admins', async () => {
    const owner = await env.signIn();
    const item = await buildItem(env, { userId: owner.id, isActive: false });
    const url = `/api/items/${item._id.toHexString()}`;
    expect((await api().get(url).set(approved.headers)).status).toBe(404);
    expect((await api().get(url).set(owner.headers)).status).toBe(200);
    expect((await api().get(url).set(admin.headers)).status).toBe(200);
  });

  it("hides a suspended owner's item from everyone but its owner and admins until the very end of the suspension", async () => {
    const owner = await env.signIn();
    const until = new Date(Date.now() + 3_600_000);
    const item = await buildItem(env, { userId: owner.id, hiddenUntil: until });
    const url = `/api/items/${item._id.toHexString()}`;
    const clock = env.ctx.now;
    try {
      env.ctx.now = () => new Date(until.getTime() - 1);
      const hidden = await api().get(url).set(approved.headers);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
      expect((await api().get(url).set(owner.headers)).status).toBe(200);
      expect((await api().get(url).set(admin.headers)).status).toBe(200);
      env.ctx.now = () => until;
      expect((await api().get(url).set(approved.headers)).status).toBe(200);
    } finally {
      env.ctx.now = clock;
    }
  });
});

describe('POST /api/items', () => {
  it('lists an item for an approved user, owned by the caller whatever the body says, and publishes item.created', async () => {
    const other = missingId();
    const res = await api()
      .post('/api/items')
      .set(approved.headers)
      .send({
        ...buildItemInput({ preferredExchange: '' }),
        userId: other,
        isSwapped: true,
        isActive: false,
      });
    expect(res.status).toBe(201);
    const item = ItemSchema.parse(res.body);
    expect(item).toMatchObject({
      title: 'Osprey backpack 40L',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Lisbon, Portugal',
      userId: approved.id,
      isSwapped: false,
      isActive: true,
      preferredExchange: null,
      images: [],
      photos: [],
    });
    const stored = await env.ctx.items.findById(item.id).lean();
    expect(stored?.userId.toHexString()).toBe(approved.id);
    expect(stored?.isSwapped).toBe(false);
    const events = await env.events('item.created');
    expect(events.at(-1)?.data).toEqual({
      id: item.id,
      userId: approved.id,
      title: 'Osprey backpack 40L',
      image: null,
      isSwapped: false,
      version: 1,
    });
  });

  it('lets admins list items too', async () => {
    const res = await api().post('/api/items').set(admin.headers).send(buildItemInput());
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(admin.id);
  });

  it('refuses visitors with 401 and unapproved users with 403 Approval Required, storing nothing', async () => {
    const before = await env.ctx.items.countDocuments();
    const visitor = await api().post('/api/items').send(buildItemInput());
    expect(visitor.status).toBe(401);
    const pending = await api().post('/api/items').set(unapproved.headers).send(buildItemInput());
    expect(pending.status).toBe(403);
    expect(pending.body).toEqual({ error: 'Approval Required', code: 'NOT_APPROVED' });
    expect(await env.ctx.items.countDocuments()).toBe(before);
  });

  it('refuses bad input for every field with 400, the form message and the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: undefined }, 'title', MSG.titleRequired],
      [{ title: '   ' }, 'title', MSG.titleRequired],
      [{ title: 42 }, 'title', MSG.titleRequired],
      [{ title: 'x'.repeat(121) }, 'title', 'Must be at most 120 characters'],
      [{ description: undefined }, 'description', MSG.descriptionRequired],
      [{ description: '' }, 'description', MSG.descriptionRequired],
      [{ description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters'],
      [{ category: undefined }, 'category', MSG.categoryRequired],
      [{ category: 'Cars' }, 'category', MSG.categoryRequired],
      [{ condition: undefined }, 'condition', MSG.conditionRequired],
      [{ condition: 'new' }, 'condition', MSG.conditionRequired],
      [{ location: undefined }, 'location', MSG.locationRequired],
      [{ location: ' ' }, 'location', MSG.locationRequired],
      [{ location: 'x'.repeat(121) }, 'location', 'Must be at most 120 characters'],
      [{ preferredExchange: 7 }, 'preferredExchange', 'Invalid input: expected string, received number'],
      [{ images: 'data:image/png;base64,AAAA' }, 'images', 'Invalid input: expected array, received string'],
      [{ images: ['https://example.com/a.jpg'] }, 'images.0', MSG.invalidFileType],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api()
        .post('/api/items')
        .set(approved.headers)
        .send({ ...buildItemInput(), ...patch });
      expect(res.status, JSON.stringify(patch).slice(0, 60)).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.details[0]).toEqual({ field, message });
    }
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await api()
      .post('/api/items')
      .set(approved.headers)
      .set('Content-Type', 'application/json')
      .send('{"title": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });
});

describe('PUT /api/items/:id', () => {
  const changes = () =>
    buildItemInput({
      title: 'Tent for two',
      description: 'Pitched twice, packs small.',
      category: 'Sports',
      condition: 'excellent',
      location: 'Bali, Indonesia',
      preferredExchange: 'Anything for the beach',
    });

  it('lets the owner (even unapproved) edit every field; userId in the body is ignored; item.updated follows', async () => {
    const owner = await env.signIn({ isApproved: false });
    const item = await buildItem(env, { userId: owner.id });
    const res = await api()
      .put(`/api/items/${item._id.toHexString()}`)
      .set(owner.headers)
      .send({ ...changes(), userId: approved.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...changes(), userId: owner.id, images: [], photos: [] });
    const stored = await env.ctx.items.findById(item._id).lean();
    expect(stored).toMatchObject({ title: 'Tent for two', location: 'Bali, Indonesia', version: 2 });
    expect(stored?.userId.toHexString()).toBe(owner.id);
    const event = (await env.events('item.updated')).find((e) => e.data.id === item._id.toHexString());
    expect(event?.data).toMatchObject({ title: 'Tent for two', version: 2 });
  });

  it('refuses other users and admins with 403 Access Denied, visitors with 401, and changes nothing', async () => {
    const owner = await env.signIn();
    const item = await buildItem(env, { userId: owner.id, title: 'Original' });
    const url = `/api/items/${item._id.toHexString()}`;
    for (const session of [approved, unapproved, admin]) {
      const res = await api().put(url).set(session.headers).send(changes());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Access Denied', code: 'NOT_OWNER' });
    }
    expect((await api().put(url).send(changes())).status).toBe(401);
    expect((await env.ctx.items.findById(item._id).lean())?.title).toBe('Original');
  });

  it('answers 404 for a missing item and 400 with the message for bad fields', async () => {
    const missing = await api().put(`/api/items/${missingId()}`).set(approved.headers).send(changes());
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Item not found');
    const item = await buildItem(env, { userId: approved.id });
    const bad = await api()
      .put(`/api/items/${item._id.toHexString()}`)
      .set(approved.headers)
      .send({ ...changes(), condition: 'mint' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(MSG.conditionRequired);
    const notMine = await api()
      .put(`/api/items/${item._id.toHexString()}`)
      .set(approved.headers)
      .send({ ...changes(), images: [`/api/images/${missingId()}?size=full`] });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error).toBe(MSG.imageNotOnItem);
  });
});

describe('DELETE /api/items/:id', () => {
  it('lets the owner delete: the item and its favourites are gone and item.deleted is published', async () => {
    const owner = await env.signIn({ isApproved: false });
    const item = await buildItem(env, { userId: owner.id });
    const id = item._id.toHexString();
    await api().post(`/api/favorites/${id}`).set(approved.headers).expect(200);
    const res = await api().delete(`/api/items/${id}`).set(owner.headers);
    expect(res.status).toBe(204);
    expect(await env.ctx.items.exists({ _id: item._id })).toBeNull();
    expect(await env.ctx.favorites.countDocuments({ itemId: item._id })).toBe(0);
    const events = await env.events('item.deleted');
    expect(events.at(-1)?.data).toEqual({ id, userId: owner.id });
    expect((await api().delete(`/api/items/${id}`).set(owner.headers)).status).toBe(404);
  });

  it('refuses other users and admins (who use the admin route) with 403, visitors with 401', async () => {
    const item = await buildItem(env, { userId: approved.id });
    const url = `/api/items/${item._id.toHexString()}`;
    for (const session of [unapproved, admin, await env.signIn()]) {
      expect((await api().delete(url).set(session.headers)).status).toBe(403);
    }
    expect((await api().delete(url)).status).toBe(401);
    expect(await env.ctx.items.exists({ _id: item._id })).not.toBeNull();
  });
});

describe('POST /api/items/:id/toggle-swapped', () => {
  it('lets the owner mark the item swapped and available again; it leaves and rejoins browse', async () => {
    const owner = await env.signIn({ isApproved: false });
    const item = await buildItem(env, { userId: owner.id });
    const url = `/api/items/${item._id.toHexString()}/toggle-swapped`;
    const swapped = await api().post(url).set(owner.headers);
    expect(swapped.status).toBe(200);
    expect(swapped.body.isSwapped).toBe(true);
    const browse = await api().get('/api/items?limit=100').set(approved.headers);
    expect(browse.body.map((i: Item) => i.id)).not.toContain(item._id.toHexString());
    const again = await api().post(url).set(owner.headers);
    expect(again.body.isSwapped).toBe(false);
    const events = (await env.events('item.updated')).filter((e) => e.data.id === item._id.toHexString());
    expect(events.map((e) => [e.data.isSwapped, e.data.version])).toEqual([
      [true, 2],
      [false, 3],
    ]);
  });

  it('refuses non-owners with 403, visitors with 401, and answers 404 for a missing item', async () => {
    const item = await buildItem(env, { userId: (await env.signIn()).id });
    const url = `/api/items/${item._id.toHexString()}/toggle-swapped`;
    for (const session of [unapproved, approved, admin]) {
      const res = await api().post(url).set(session.headers);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Access Denied');
    }
    expect((await api().post(url)).status).toBe(401);
    const missing = await api().post(`/api/items/${missingId()}/toggle-swapped`).set(approved.headers);
    expect(missing.status).toBe(404);
    expect((await env.ctx.items.findById(item._id).lean())?.isSwapped).toBe(false);
  });
});
