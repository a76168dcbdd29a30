import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MSG } from '@nomadswap/contracts/messages';

/**
 * A per-client-IP flood guard for /api, shared by every gateway replica through Redis. If Redis is briefly
 * unreachable an in-process limiter takes over rather than failing requests.
 */
export function apiRateLimit(redis: Redis, pointsPerMinute: number): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'rl:gateway:ip',
    points: pointsPerMinute,
    duration: 60,
    insuranceLimiter: new RateLimiterMemory({ points: pointsPerMinute, duration: 60 }),
  });
  return (req, res, next) => {
    limiter.consume(req.ip ?? 'unknown').then(
      () => next(),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          res.setHeader('Retry-After', String(seconds));
          res.status(429).json({ error: MSG.tooManyRequests, code: 'RATE_LIMITED' });
        } else {
          next();
        }
      },
    );
  };
}
