import type { Redis } from 'ioredis';
import type { Presence } from '@nomadswap/contracts/messaging-responses';
import { refreshSocketExpiries } from './socket-expiries';

/**
 * Who is connected, across replicas: a Redis hash per user of socket id → expiry (ms). Each replica refreshes
 * its own sockets, so the sockets of a crashed replica stop counting once their expiry passes; `lastseen:{id}`
 * keeps when the user was last connected.
 */
export interface PresenceStore {
  /** Records a socket; true when the user was offline before (so others should hear "online"). */
  connected(userId: string, socketId: string): Promise<boolean>;
  /** Forgets a socket; true when the user has no live socket left (so others should hear "offline"). */
  disconnected(userId: string, socketId: string): Promise<boolean>;
  /** Pushes the expiry of these sockets forward (called periodically by the replica holding them). */
  refresh(sockets: readonly { userId: string; socketId: string }[]): Promise<void>;
  get(userId: string): Promise<Presence>;
  isOnline(userId: string): Promise<boolean>;
}

/** The hash of a user's sockets (socket id → expiry in ms). */
export const presenceKey = (keyPrefix: string, userId: string) => `${keyPrefix}presence:${userId}`;

/**
 * Lua: how many sockets of the presence hash `KEYS[k]` are unexpired at `ARGV[a]` (ms): for scripts that read
 * presence in the same round as other work (a socket send's guard). Expired entries are left for the next
 * connect or disconnect to remove.
 */
export const luaLiveSockets = (k: number, a: number) => `(function()
  local live = 0
  local entries = redis.call('HGETALL', KEYS[${k}])
  for i = 2, #entries, 2 do if tonumber(entries[i]) > tonumber(ARGV[${a}]) then live = live + 1 end end
  return live
end)()`;

export function createPresenceStore(options: {
  redis: Redis;
  keyPrefix?: string;
  /** How long a socket counts without a refresh. Default 90 s. */
  ttlMs?: number;
}): PresenceStore {
  const { redis } = options;
  const prefix = options.keyPrefix ?? '';
  const ttlMs = options.ttlMs ?? 90_000;
  const socketsKey = (userId: string) => presenceKey(prefix, userId);
  const lastSeenKey = (userId: string) => `${prefix}lastseen:${userId}`;

  async function liveSockets(userId: string): Promise<number> {
    const entries = await redis.hgetall(socketsKey(userId));
    const now = Date.now();
    const stale = Object.entries(entries)
      .filter(([, expiry]) => Number(expiry) <= now)
      .map(([socketId]) => socketId);
    if (stale.length) await redis.hdel(socketsKey(userId), ...stale);
    return Object.keys(entries).length - stale.length;
  }

  return {
    async connected(userId, socketId) {
      const before = await liveSockets(userId);
      await redis
        .multi()
        .hset(socketsKey(userId), socketId, String(Date.now() + ttlMs))
        .pexpire(socketsKey(userId), ttlMs * 2)
        .set(lastSeenKey(userId), new Date().toISOString())
        .exec();
      return before === 0;
    },
    async disconnected(userId, socketId) {
      await redis
        .multi()
        .hdel(socketsKey(userId), socketId)
        .set(lastSeenKey(userId), new Date().toISOString())
        .exec();
      return (await liveSockets(userId)) === 0;
    },
    async refresh(sockets) {
      if (sockets.length === 0) return;
      const entries = sockets.map(({ userId, socketId }) => ({ key: socketsKey(userId), socketId }));
      await refreshSocketExpiries(redis, entries, Date.now() + ttlMs, ttlMs * 2);
    },
    async get(userId) {
      const [online, lastSeen] = await Promise.all([liveSockets(userId), redis.get(lastSeenKey(userId))]);
      return { userId, online: online > 0, lastSeen };
    },
    async isOnline(userId) {
      return (await liveSockets(userId)) > 0;
    },
  };
}
