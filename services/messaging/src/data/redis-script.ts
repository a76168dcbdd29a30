import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA (`EVALSHA`), loaded with `EVAL` the first time a server does not know it. The send's
 * hot path runs scripts on every message: `EVAL` would send and hash the whole text each time. Not defined on the
 * client (`defineCommand`): every ioredis pipeline copies the client's defined scripts (decision 0047).
 */
export function redisScript(lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis: Redis, keys: readonly string[], args: readonly (string | number)[] = []) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
}
