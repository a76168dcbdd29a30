import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createLogger } from '../src/logger';
import { closeRedis, createRedis, type Redis } from '../src/redis';

/** A Redis client on the run's server and a key prefix no other test uses; cleanup deletes its keys. */
export function redisForTest(name: string): { redis: Redis; prefix: string; cleanup: () => Promise<void> } {
  const redis = createRedis(inject('redisUrl'), { name: `test-${name}` });
  const prefix = `test:${name}:${randomBytes(4).toString('hex')}:`;
  return {
    redis,
    prefix,
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      await closeRedis(redis);
    },
  };
}

export const silentLogger = createLogger('test', 'silent');
