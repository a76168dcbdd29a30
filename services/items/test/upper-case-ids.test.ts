import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, buildOwner } from './support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from './support/items-test-env';

let env: ItemsTestEnv;
beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
});
afterAll(() => env.close());

describe('ids in upper case (issue 14)', () => {
  it('when owners list their own items by their id in upper case, they see their swapped item as with the lower-case id', async () => {
    const owner = await env.signIn();
    await buildOwner(env, { id: owner.id });
    const swapped = await buildItem(env, { userId: owner.id, isSwapped: true });
    const list = (userId: string) => request(env.app).get('/api/items').query({ userId }).set(owner.headers);

    const lower = await list(owner.id);
    const upper = await list(owner.id.toUpperCase());
    expect(lower.status).toBe(200);
    expect(upper.status).toBe(200);
    const ids = (res: request.Response) => (res.body as { id: string }[]).map((item) => item.id);
    expect(ids(lower)).toEqual([swapped._id.toHexString()]);
    expect(ids(upper)).toEqual(ids(lower));
  });
});
