import type { Redis } from 'ioredis';
import { redisScript } from '../data/redis-script';

/** Sockets one command of a refresh covers (a bounded script: Redis serves nobody else while it runs). */
const REFRESH_BATCH = 1_000;

/**
 * Lua: KEYS[i] is the hash holding socket ARGV[i + 2]; sets that entry to the expiry ARGV[1] (ms) and the hash's
 * own TTL to ARGV[2] (ms).
 */
const refreshScript = redisScript(`
for i = 1, #KEYS do
  redis.call('HSET', KEYS[i], ARGV[i + 2], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
return #KEYS`);

/**
 * Pushes the expiry of many sockets' entries forward (presence, connection slots: socket id → expiry hashes per
 * user) with one script per thousand sockets. A MULTI of two commands per socket cost the replica a command
 * object, an encoding and a parsed reply each — every 30 s over all its sockets, as many as its sends of a minute
 * at bench/chat's load (issue 25).
 */
export async function refreshSocketExpiries(
  redis: Redis,
  entries: readonly { key: string; socketId: string }[],
  expiryMs: number,
  hashTtlMs: number,
): Promise<void> {
  for (let i = 0; i < entries.length; i += REFRESH_BATCH) {
    const batch = entries.slice(i, i + REFRESH_BATCH);
    await refreshScript(
      redis,
      batch.map((entry) => entry.key),
      [String(expiryMs), String(hashTtlMs), ...batch.map((entry) => entry.socketId)],
    );
  }
}
