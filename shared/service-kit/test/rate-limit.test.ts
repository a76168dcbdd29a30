import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler, RateLimitedError } from '../src/errors';
import { createRateLimiter, luaConsumeOne, rateLimit } from '../src/rate-limit';
import { redisForTest } from './redis-helpers';

const store = redisForTest('rate-limit');
afterAll(() => store.cleanup());

describe('createRateLimiter', () => {
  it('when a key uses up its points, the next consume throws 429 with a Retry-After within the window', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}a`,
      points: 3,
      durationSeconds: 60,
    });
    for (let i = 0; i < 3; i++) await limiter.consume('ip-1');
    const error = await limiter.consume('ip-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('when one key is limited, other keys are unaffected', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}b`,
      points: 1,
      durationSeconds: 60,
    });
    await limiter.consume('alice');
    await expect(limiter.consume('alice')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.consume('bob')).resolves.toMatchObject({ consumedPoints: 1, remainingPoints: 0 });
  });

  it('when 20 consumes of a 5-point key run at once, exactly 5 pass; delete resets the key', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}c`,
      points: 5,
      durationSeconds: 60,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => limiter.consume('login:a@b.c')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(15);
    await limiter.delete('login:a@b.c');
    expect(await limiter.get('login:a@b.c')).toBeNull();
    await expect(limiter.consume('login:a@b.c')).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it('reward gives points back', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}d`,
      points: 1,
      durationSeconds: 60,
    });
    await limiter.consume('k');
    await limiter.reward('k');
    await expect(limiter.consume('k')).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it('a point taken in a script counts on the same key as consume and reward, up to the exact limit', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}s`,
      points: 3,
      durationSeconds: 60,
    });
    const inScript = async (key: string) =>
      limiter.inScript.judge(
        (await store.redis.eval(
          `return ${luaConsumeOne(1, 1)}`,
          1,
          limiter.inScript.keyOf(key),
          limiter.inScript.durationSeconds,
        )) as [number, number],
      );
    await limiter.consume('k');
    await expect(inScript('k')).resolves.toMatchObject({ consumedPoints: 2, remainingPoints: 1 });
    const third = await inScript('k');
    expect(third).toMatchObject({ consumedPoints: 3, remainingPoints: 0 });
    expect(third.msBeforeNext).toBeGreaterThan(59_000);
    const refused = await inScript('k').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimitedError);
    // Refused attempts count too (5 taken), as with consume: three back leave room for one.
    await limiter.reward('k', 3);
    await expect(inScript('k')).resolves.toMatchObject({ consumedPoints: 3 });
    await expect(inScript('other')).resolves.toMatchObject({ consumedPoints: 1 });
  });

  it('when the window has passed, the key may consume again', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}e`,
      points: 1,
      durationSeconds: 1,
    });
    await limiter.consume('k');
    const refused = await limiter.consume('k').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(1);
    // The window is Redis's key expiry (no clock to move): polled until it has passed, not slept through.
    await expect
      .poll(
        () =>
          limiter.consume('k').then(
            (result) => result.consumedPoints,
            () => 'refused',
          ),
        {
          timeout: 5_000,
          interval: 100,
        },
      )
      .toBe(1);
  });
});

describe('rateLimit middleware', () => {
  it('when a client exceeds the limit, it answers 429 with Retry-After and the standard body', async () => {
    const limiter = createRateLimiter({
      redis: store.redis,
      keyPrefix: `${store.prefix}f`,
      points: 2,
      durationSeconds: 30,
    });
    const app = express();
    app.get(
      '/x',
      rateLimit(limiter, (req) => req.ip ?? 'unknown'),
      (_req, res) => res.json({ ok: true }),
    );
    app.use(errorHandler);
    expect((await request(app).get('/x')).status).toBe(200);
    expect((await request(app).get('/x')).status).toBe(200);
    const res = await request(app).get('/x');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(res.body).toEqual({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
  });
});
