import type { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, createRedis } from './redis';
import { deadRedisUrl } from './testing';

/** What supertest can send requests to (an Express app, a request listener…). */
type TestApp = Parameters<typeof request>[0];

interface ServiceTestEnv<Ctx> {
  app: TestApp;
  ctx: Ctx;
  close(): Promise<void>;
}

/**
 * The checks every service's app must pass, on the real app of a test env: health with both stores up, health
 * with Redis down (503 within 2 s), the error model's JSON 404 for an unknown path. A service adds its own cases in
 * `more`, with the same env.
 */
export function describeServiceApp<Ctx extends { redis: Redis }>(
  service: string,
  options: {
    createEnv: () => Promise<ServiceTestEnv<Ctx>>;
    buildApp: (ctx: Ctx) => TestApp;
    more?: (env: () => ServiceTestEnv<Ctx>) => void;
  },
): void {
  let env: ServiceTestEnv<Ctx>;
  beforeAll(async () => {
    env = await options.createEnv();
  });
  afterAll(() => env.close());

  describe(`${service} app`, () => {
    it('GET /healthz answers 200 with mongo and redis up', async () => {
      const res = await request(env.app).get('/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', service, mongo: 'up', redis: 'up' });
    });

    it('when Redis points to a dead port, GET /healthz answers 503 redis down within 2 s', async () => {
      const dead = createRedis(await deadRedisUrl(), { name: `${service}-dead` });
      try {
        const started = Date.now();
        const res = await request(options.buildApp({ ...env.ctx, redis: dead })).get('/healthz');
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ status: 'degraded', service, mongo: 'up', redis: 'down' });
      } finally {
        await closeRedis(dead);
      }
    });

    it('answers unknown paths with the JSON 404 of the error model', async () => {
      const res = await request(env.app).get('/api/unknown');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    });

    options.more?.(() => env);
  });
}
