import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerationTestEnv, type ModerationTestEnv } from './support/moderation-test-env';

let env: ModerationTestEnv;
beforeAll(async () => {
  env = await createModerationTestEnv();
});
afterAll(() => env.close());

describe('ids in upper case (issue 14)', () => {
  it('when an unapproved user reads their own reviews by their id in upper case, it is their own list (200), not 403', async () => {
    const user = await env.user({ isApproved: false });
    const lower = await request(env.app).get(`/api/reviews/${user.id}`).set(user.headers);
    const upper = await request(env.app).get(`/api/reviews/${user.id.toUpperCase()}`).set(user.headers);
    expect(lower.status).toBe(200);
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
  });
});
