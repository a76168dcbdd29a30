import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError, ServiceUnavailableError } from './errors';

export interface RateLimiterOptions {
  redis: Redis;
  /** Distinguishes this limit's counters from every other (e.g. `rl:login`). */
  keyPrefix: string;
  /** Points available per window. */
  points: number;
  /** Window length. */
  durationSeconds: number;
  /** When set, a key that used all its points stays refused this long (instead of until the window ends). */
  blockDurationSeconds?: number;
  /** Message of the 429; default 'Too many requests. Please try again later.' */
  message?: string;
}

/** How much of its budget a key has used in the current window. */
export interface RateLimitState {
  consumedPoints: number;
  remainingPoints: number;
  msBeforeNext: number;
}

export interface RateLimiter {
  /**
   * Takes `points` (default 1) from `key`; throws RateLimitedError (429, Retry-After) once exhausted. Atomic in
   * Redis, so parallel callers cannot all pass: for limits that count failures only (login), consume before
   * the work and `reward` (or `delete`) when it succeeds — never check first and count afterwards.
   */
  consume(key: string, points?: number): Promise<RateLimitState>;
  /** Gives points back (e.g. after an operation turned out not to count). */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets `key` entirely. */
  delete(key: string): Promise<void>;
  /** Current state of `key`, or null when it has used nothing in this window. */
  get(key: string): Promise<RateLimitState | null>;
  /**
   * For a caller that takes the point inside its own Redis script, with its other reads in one round trip
   * (`luaConsumeOne`): the counter's Redis key and window, and the verdict on the script's reply — the state, or
   * RateLimitedError as `consume` would throw. Counts on the same key as `consume` and `reward`. Only for limits
   * without `blockDurationSeconds` (the script knows no blocking).
   */
  readonly inScript: {
    keyOf(key: string): string;
    durationSeconds: number;
    judge(reply: readonly [consumed: number, msBeforeNext: number]): RateLimitState;
  };
}

/**
 * Lua: one point taken from the counter KEYS[k] whose window is ARGV[ttlArg] seconds, as `consume` takes it (the
 * same script as rate-limiter-flexible's); an expression answering `{consumed, msBeforeNext}`.
 */
export const luaConsumeOne = (k: number, ttlArg: number) => `(function()
  redis.call('SET', KEYS[${k}], 0, 'EX', ARGV[${ttlArg}], 'NX')
  local consumed = redis.call('INCRBY', KEYS[${k}], 1)
  local ttl = redis.call('PTTL', KEYS[${k}])
  if ttl == -1 then
    redis.call('EXPIRE', KEYS[${k}], ARGV[${ttlArg}])
    ttl = 1000 * ARGV[${ttlArg}]
  end
  return {consumed, ttl}
end)()`;

function toState(res: RateLimiterRes): RateLimitState {
  return {
    consumedPoints: res.consumedPoints,
    remainingPoints: res.remainingPoints,
    msBeforeNext: res.msBeforeNext,
  };
}

/** A Redis-backed limiter (rate-limiter-flexible) shared by every replica of a service. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
    blockDuration: options.blockDurationSeconds ?? 0,
  });
  const limited = (msBeforeNext: number) => new RateLimitedError(msBeforeNext / 1000, options.message);
  // A limiter whose store is down answers 503: refusing is safer than letting a brute force through.
  const storeDown = (error: unknown) => new ServiceUnavailableError(undefined, { cause: error });

  return {
    async consume(key, points = 1) {
      try {
        return toState(await limiter.consume(key, points));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw limited(error.msBeforeNext);
        throw storeDown(error);
      }
    },
    async reward(key, points = 1) {
      try {
        await limiter.reward(key, points);
      } catch (error) {
        throw storeDown(error);
      }
    },
    async delete(key) {
      try {
        await limiter.delete(key);
      } catch (error) {
        throw storeDown(error);
      }
    },
    async get(key) {
      try {
        const res = await limiter.get(key);
        return res ? toState(res) : null;
      } catch (error) {
        throw storeDown(error);
      }
    },
    inScript: {
      keyOf(key) {
        if (options.blockDurationSeconds) throw new Error('a blocking limit cannot be taken in a script');
        return limiter.getKey(key);
      },
      durationSeconds: options.durationSeconds,
      judge([consumed, msBeforeNext]) {
        if (consumed > options.points) throw limited(msBeforeNext);
        return {
          consumedPoints: consumed,
          remainingPoints: Math.max(options.points - consumed, 0),
          msBeforeNext,
        };
      },
    },
  };
}

/**
 * Express middleware consuming one point per request from `limiter` under `keyFn(req)` (e.g. the client IP,
 * which is the real one behind the gateway because `trust proxy` is 'loopback'). Placed before an upload route's
 * body parser it counts every attempt, valid or not, and a refusal answers at once: its body is never read,
 * and the connection is closed after the 429 rather than kept to drain that body.
 */
export function rateLimit(
  limiter: RateLimiter,
  keyFn: (req: Request) => string | Promise<string>,
): RequestHandler {
  return async (req, res, next) => {
    try {
      await limiter.consume(await keyFn(req));
    } catch (error) {
      if (!req.complete) res.set('Connection', 'close');
      throw error;
    }
    next();
  };
}
