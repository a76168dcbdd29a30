import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingTestEnv, type MessagingTestEnv } from './support/messaging-test-env';

let env: MessagingTestEnv;
beforeAll(async () => {
  env = await createMessagingTestEnv();
});
afterAll(() => env.close());

describe('ids in upper case (issue 14)', () => {
  it('when users block their own id written in upper case, it is refused like their lower-case id', async () => {
    const user = await env.user();
    const res = await request(env.app).post(`/api/blocks/${user.id.toUpperCase()}`).set(user.headers);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CANNOT_BLOCK_SELF');
  });

  it('blocking another user by the upper-case id blocks that same user (one block, lower-case id)', async () => {
    const user = await env.user();
    const other = await env.user();
    const first = await request(env.app).post(`/api/blocks/${other.id.toUpperCase()}`).set(user.headers);
    expect(first.status).toBe(201);
    expect(first.body.userId).toBe(other.id);
    const again = await request(env.app).post(`/api/blocks/${other.id}`).set(user.headers);
    expect(again.status).toBe(200);
  });
});
