import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerToUnfinishedBody, listenOnFreePort } from '@nomadswap/service-kit/testing-http';
import { buildItem, buildItemInput } from './support/factories';
import { createItemsTestEnv, type ItemsTestEnv } from './support/items-test-env';

let env: ItemsTestEnv;
let baseUrl: string;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  env = await createItemsTestEnv({ worker: false });
  ({ baseUrl, close: closeServer } = await listenOnFreePort(env.app));
});
afterAll(async () => {
  await closeServer?.();
  await env.close();
});

const twoMegabytes = 'x'.repeat(2 * 1024 * 1024);

describe('items request bodies', () => {
  it('refuses 2 MB of JSON to an ordinary route with 413 in the error format, even from a signed-in user', async () => {
    const owner = await env.signIn();
    const item = await buildItem(env, { userId: owner.id });
    const res = await request(env.app)
      .post(`/api/items/${item._id.toHexString()}/toggle-swapped`)
      .set(owner.headers)
      .send({ padding: twoMegabytes });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('takes more than 1 MB on the listing route once the caller is authenticated and approved', async () => {
    const owner = await env.signIn();
    const res = await request(env.app)
      .post('/api/items')
      .set(owner.headers)
      .send({ ...buildItemInput(), padding: twoMegabytes });
    expect(res.status).toBe(201);
  });

  it('refuses an unauthenticated upload with 401 without reading its body (40 MB announced, 1 MB sent)', async () => {
    const answer = await answerToUnfinishedBody(`${baseUrl}/api/items`, {
      declaredBytes: 40 * 1024 * 1024,
      stopAfterBytes: 1024 * 1024,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
  });

  it("refuses an unapproved user's upload with 403 without reading its body", async () => {
    const unapproved = await env.signIn({ isApproved: false });
    const answer = await answerToUnfinishedBody(`${baseUrl}/api/items`, {
      headers: unapproved.headers,
      declaredBytes: 40 * 1024 * 1024,
      stopAfterBytes: 1024 * 1024,
    });
    expect(answer.status).toBe(403);
  });
});
