import { describe, expect, inject, it } from 'vitest';
import { closeRedis, createRedis, pingRedis } from '../src/redis';
import { deadRedisUrl } from '../src/testing';

describe('createRedis', () => {
  it('connects at once under its connection name and answers ping', async () => {
    const redis = createRedis(inject('redisUrl'), { name: 'kit-redis-test' });
    try {
      expect(await pingRedis(redis)).toBe(true);
      expect(await redis.client('GETNAME')).toBe('kit-redis-test');
    } finally {
      await closeRedis(redis);
    }
    expect(redis.status).toBe('end');
  });

  it('for BullMQ, commands are never given up (maxRetriesPerRequest null); otherwise after a few retries', () => {
    const bullmq = createRedis(inject('redisUrl'), { name: 'kit-bullmq', forBullmq: true });
    const plain = createRedis(inject('redisUrl'), { name: 'kit-plain' });
    try {
      expect(bullmq.options.maxRetriesPerRequest).toBeNull();
      expect(plain.options.maxRetriesPerRequest).toBe(3);
      expect(bullmq.options.lazyConnect).toBe(false);
    } finally {
      bullmq.disconnect();
      plain.disconnect();
    }
  });

  it('when Redis is unreachable, ping answers false within its timeout and close does not hang', async () => {
    const redis = createRedis(await deadRedisUrl(), { name: 'kit-dead' });
    const started = Date.now();
    expect(await pingRedis(redis, 300)).toBe(false);
    // Bounded by its 300 ms timeout, not by Redis's own retries (room to spare for a loaded machine).
    expect(Date.now() - started).toBeLessThan(3_000);
    const closing = Date.now();
    await closeRedis(redis, 10_000);
    // It did not wait for its 10 s quit timeout.
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});
