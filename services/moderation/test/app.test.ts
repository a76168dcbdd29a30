import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { deadRedisUrl } from '@nomadswap/service-kit/testing';
import { buildApp } from '../src/app';
import { createModerationTestEnv, type ModerationTestEnv } from './support/moderation-test-env';

let env: ModerationTestEnv;
beforeAll(async () => {
  env = await createModerationTestEnv();
});
afterAll(() => env.close());

describe('moderation app', () => {
  it('GET /healthz answers 200 with mongo and redis up', async () => {
    const res = await request(env.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'moderation', mongo: 'up', redis: 'up' });
  });

  it('when Redis points to a dead port, GET /healthz answers 503 redis down within 2 s', async () => {
    const dead = createRedis(await deadRedisUrl(), { name: 'moderation-dead' });
    try {
      const started = Date.now();
      const res = await request(buildApp({ ...env.ctx, redis: dead })).get('/healthz');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded', service: 'moderation', mongo: 'up', redis: 'down' });
    } finally {
      await closeRedis(dead);
    }
  });

  it('answers unknown paths with the JSON 404 of the error model', async () => {
    const res = await request(env.app).get('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
