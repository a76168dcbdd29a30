import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerToUnfinishedBody, listenOnFreePort } from '@nomadswap/service-kit/testing-http';
import { createAuthTestEnv, type AuthTestEnv } from './support/auth-test-env';
import { buildRegistration, buildUser } from './support/factories';

let env: AuthTestEnv;
let baseUrl: string;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  env = await createAuthTestEnv({ workers: false });
  ({ baseUrl, close: closeServer } = await listenOnFreePort(env.app));
});
afterAll(async () => {
  await closeServer?.();
  await env.close();
});

describe('auth request bodies', () => {
  it('refuses 2 MB of JSON to a profile update with 413 in the error format', async () => {
    const user = await buildUser(env);
    const res = await request(env.app)
      .put(`/api/users/${user.id}`)
      .set(user.headers)
      .send({ fullName: 'Ana', location: 'Lisbon', bio: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an unauthenticated avatar upload with 401 without reading its body (14 MB announced, 1 MB sent)', async () => {
    const user = await buildUser(env);
    const answer = await answerToUnfinishedBody(`${baseUrl}/api/users/${user.id}/avatar`, {
      declaredBytes: 14 * 1024 * 1024,
      stopAfterBytes: 1024 * 1024,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
  });

  it('takes a registration with a photo past 1 MB, and refuses one past the one-photo limit with 413', async () => {
    const fits = await request(env.app)
      .post('/api/auth/register')
      .send({ ...buildRegistration(), padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(fits.status).toBe(201);
    const tooBig = await request(env.app)
      .post('/api/auth/register')
      .send({ ...buildRegistration(), padding: 'x'.repeat(16 * 1024 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });
});
