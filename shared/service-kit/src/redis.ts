import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export { Redis } from 'ioredis';

export interface CreateRedisOptions {
  /** Shown in `CLIENT LIST` and in logs. */
  name: string;
  /** BullMQ workers need `maxRetriesPerRequest: null` (they block and must never give up a command). */
  forBullmq?: boolean;
  logger?: Logger;
}

const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * An ioredis client that connects at once and reconnects forever with a capped backoff. Connection errors
 * are logged (at most once per 10 s) instead of crashing the process; while Redis is away commands fail after
 * a few retries, except with `forBullmq`.
 */
export function createRedis(url: string, options: CreateRedisOptions): Redis {
  const redis = new Redis(url, {
    connectionName: options.name,
    lazyConnect: false,
    maxRetriesPerRequest: options.forBullmq ? null : 3,
    enableReadyCheck: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastErrorLog = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLog = now;
    options.logger?.warn({ err: error, redis: options.name }, 'redis connection error');
  });
  return redis;
}

/**
 * True when Redis answers PING within `timeoutMs`; never throws, never waits longer. A client still connecting
 * gets the same budget (the PING is queued until it is ready).
 */
export async function pingRedis(redis: Redis, timeoutMs = 800): Promise<boolean> {
  if (redis.status === 'end' || redis.status === 'close') return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const answer = await Promise.race([redis.ping(), timeout]);
    return answer === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Closes a client politely (QUIT), falling back to a hard disconnect when Redis is unreachable. */
export async function closeRedis(redis: Redis, timeoutMs = 1_000): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise((resolve) => redis.once('end', resolve));
  try {
    await Promise.race([
      // QUIT answers before the socket is closed: wait for the end so nothing is left open.
      redis.quit().then(() => ended),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('quit timed out')), timeoutMs);
      }),
    ]);
  } catch {
    redis.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
