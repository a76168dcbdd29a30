import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLimitRows, limitQuery, type LimitSender } from '@nomadswap/service-kit/testing-limits';
import { limitValue, UPLOAD_LIMIT, type LimitRow } from '@nomadswap/contracts/limits.test-table';
import type { TestSession } from '@nomadswap/service-kit/testing';
import { png, toDataUrl } from '@nomadswap/dev-stores/test-images';
import { buildItem, buildItemInput } from './support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from './support/items-test-env';

let env: ItemsTestEnv;
let owner: TestSession;
let admin: TestSession;
let photo: string;
beforeAll(async () => {
  // No image worker, and no waiting for one: the limits are checked before the photos are processed.
  env = await createItemsTestEnv({ worker: false, settings: { imageWaitMs: 0 } });
  [owner, admin] = await Promise.all([env.signIn(), env.signIn({ role: 'admin' })]);
  photo = toDataUrl(await png(8, 8));
});
afterAll(() => env.close());

const api = () => request(env.app);

/** The row's value as the app needs it: photos are real images. */
const valueAt = (row: LimitRow, n: number) =>
  row.field === 'images' ? Array.from({ length: n }, () => photo) : limitValue(row, n);

/** How each route of the table is called with the row's field set to `value` (the rest valid). */
const send: Record<string, LimitSender> = {
  'POST /api/items': (row, value) =>
    api()
      .post('/api/items')
      .set(owner.headers)
      .send({ ...buildItemInput(), [row.field]: value }),
  async 'PUT /api/items/:id'(row, value) {
    const item = await buildItem(env, { userId: owner.id });
    return api()
      .put(`/api/items/${item._id.toHexString()}`)
      .set(owner.headers)
      .send({ ...buildItemInput(), [row.field]: value });
  },
  'GET /api/items': (row, value) =>
    api()
      .get('/api/items')
      .set(owner.headers)
      .query({ ...row.valid, ...limitQuery(row, value) }),
  'POST /api/alerts': (row, value) =>
    api()
      .post('/api/alerts')
      .set(owner.headers)
      .send({ ...row.valid, [row.field]: value }),
  'GET /api/places': (row, value) =>
    api()
      .get('/api/places')
      .query({ ...row.valid, ...limitQuery(row, value) }),
  'GET /api/places/nearest': (row, value) =>
    api()
      .get('/api/places/nearest')
      .query({ ...row.valid, ...limitQuery(row, value) }),
  'GET /api/admin/all-items': (row, value) =>
    api().get('/api/admin/all-items').set(admin.headers).query(limitQuery(row, value)),
};

/** A cursor of the limit's length that no page gave passes the schema and is refused by the domain. */
const boundaryAnswer = {
  'ItemQuerySchema.cursor max': { status: 400, code: 'VALIDATION_ERROR', error: 'Invalid cursor' },
};

describeLimitRows('items', { send, valueAt, boundaryAnswer });

describe('uploads', () => {
  it('takes an item photo of exactly 10 MB decoded and refuses one byte more with 413 File too large', async () => {
    const image = await png();
    const padded = (size: number) => toDataUrl(Buffer.concat([image, Buffer.alloc(size - image.length)]));
    const at = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [padded(UPLOAD_LIMIT.at)] }));
    expect(at.status, JSON.stringify(at.body).slice(0, 300)).toBe(201);
    const past = await api()
      .post('/api/items')
      .set(owner.headers)
      .send(buildItemInput({ images: [padded(UPLOAD_LIMIT.past)] }));
    expect(past.status).toBe(UPLOAD_LIMIT.status);
    expect(past.body).toEqual({
      error: UPLOAD_LIMIT.message,
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'images.0', message: UPLOAD_LIMIT.message }],
    });
  });
});
