import type { Redis } from 'ioredis';
import { refreshSocketExpiries } from './socket-expiries';

/**
 * The sockets each user holds open, across replicas, to cap them at the handshake: a Redis hash per user of
 * socket id → expiry (ms), like presence's. The replica holding a socket refreshes its expiry, so the slots
 * of a replica that died free themselves once their expiry passes, with no one left to release them
 * (docs/decisions/0064-sockets-per-user-are-capped-at-the-handshake-counted-in.md, issue 21: per-user socket
 * cap).
 */
export interface ConnectionSlots {
  /**
   * Takes a slot for this socket unless the user already holds `max` other live ones (one atomic step, so
   * simultaneous handshakes cannot overshoot). Returns the number of the user's other live sockets and whether
   * the slot was taken. A socket that holds a slot already (a recovered session) keeps it.
   */
  take(userId: string, socketId: string, max: number): Promise<{ taken: boolean; open: number }>;
  /** Frees the socket's slot (it disconnected). */
  release(userId: string, socketId: string): Promise<void>;
  /** Pushes the expiry of these sockets' slots forward (called periodically by the replica holding them). */
  refresh(sockets: readonly { userId: string; socketId: string }[]): Promise<void>;
  /** The user's live slots. */
  count(userId: string): Promise<number>;
}

/**
 * KEYS[1] the user's hash; ARGV socket id, now, its expiry, max, the hash's own TTL. Drops expired slots,
 * counts the others, and takes this one when they are fewer than max. Answers {taken 0|1, others}.
 */
const TAKE_SLOT = `
local entries = redis.call('HGETALL', KEYS[1])
local now = tonumber(ARGV[2])
local others = 0
for i = 1, #entries, 2 do
  if tonumber(entries[i + 1]) <= now then
    redis.call('HDEL', KEYS[1], entries[i])
  elseif entries[i] ~= ARGV[1] then
    others = others + 1
  end
end
if others >= tonumber(ARGV[4]) then return {0, others} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {1, others}
`;

export function createConnectionSlots(options: {
  redis: Redis;
  keyPrefix?: string;
  /** How long a slot counts without a refresh. Default 90 s (the replica refreshes every 30 s). */
  ttlMs?: number;
  now?: () => number;
}): ConnectionSlots {
  const { redis } = options;
  const prefix = options.keyPrefix ?? '';
  const ttlMs = options.ttlMs ?? 90_000;
  const now = options.now ?? Date.now;
  const slotsKey = (userId: string) => `${prefix}socketslots:${userId}`;

  return {
    async take(userId, socketId, max) {
      const time = now();
      const [taken, open] = (await redis.eval(
        TAKE_SLOT,
        1,
        slotsKey(userId),
        socketId,
        String(time),
        String(time + ttlMs),
        String(max),
        String(ttlMs * 2),
      )) as [number, number];
      return { taken: taken === 1, open };
    },
    async release(userId, socketId) {
      await redis.hdel(slotsKey(userId), socketId);
    },
    async refresh(sockets) {
      if (sockets.length === 0) return;
      const entries = sockets.map(({ userId, socketId }) => ({ key: slotsKey(userId), socketId }));
      await refreshSocketExpiries(redis, entries, now() + ttlMs, ttlMs * 2);
    },
    async count(userId) {
      const time = now();
      const expiries = await redis.hvals(slotsKey(userId));
      return expiries.filter((expiry) => Number(expiry) > time).length;
    },
  };
}
