import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { UPLOAD_ROUTES } from '@nomadswap/contracts/routes';
import { GATEWAY_ERRORS, sendError } from './respond';

/** A check on the gateway's hot path: calls `next` to let the request through, or answers it itself. */
export type Guard = (req: IncomingMessage, res: ServerResponse, path: string, next: () => void) => void;

function tooMany(res: ServerResponse, rejection: RateLimiterRes, extra: Record<string, string> = {}) {
  const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  sendError(res, GATEWAY_ERRORS.rateLimited, { 'retry-after': retryAfter, ...extra });
}

/** The client's address: the gateway is the public entry, so it is the socket's peer (no proxy trusted). */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * A per-client-IP flood guard for /api, kept in each gateway replica's memory: it runs on every request, and a
 * Redis round trip there would cost more than the rest of the proxying. Limits that must hold across replicas
 * (login attempts, registrations) are Redis-backed in the services that own those routes.
 */
export function apiRateLimit(pointsPerMinute: number): Guard {
  const limiter = new RateLimiterMemory({ keyPrefix: 'gateway-ip', points: pointsPerMinute, duration: 60 });
  return (req, res, _path, next) => {
    limiter
      .consume(clientIp(req))
      .then(next, (rejection: unknown) =>
        rejection instanceof RateLimiterRes ? tooMany(res, rejection) : next(),
      );
  };
}

const CLIENT_KEY = Symbol('client in flight');
type Counted = ServerResponse & { [CLIENT_KEY]?: string };

/**
 * At most `max` requests open at once per client address on the API path; one more is answered 429 with
 * Retry-After at once. The per-replica cap (proxy.ts) protects the gateway; this keeps one client from taking
 * all of a service's places (requests held open with an unfinished body made everyone's calls answer 503).
 */
export function clientInFlightLimit(max: number): Guard {
  const open = new Map<string, number>();
  // One shared listener (`this` is the response): no closure per request.
  function release(this: Counted) {
    const key = this[CLIENT_KEY]!;
    const left = (open.get(key) ?? 1) - 1;
    if (left <= 0) open.delete(key);
    else open.set(key, left);
  }
  return (req, res, _path, next) => {
    const key = clientIp(req);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      sendError(res, GATEWAY_ERRORS.rateLimited, { 'retry-after': '1' });
      return;
    }
    open.set(key, count + 1);
    (res as Counted)[CLIENT_KEY] = key;
    res.once('close', release);
    next();
  };
}

export interface RouteLimit {
  method: string;
  path: string;
  points: number;
  durationSeconds: number;
}

/**
 * Public forms anyone can post without an account: limited per client IP across all gateway replicas (Redis).
 * Login and registration limits live in the auth service, which knows which attempts failed.
 */
export const ROUTE_LIMITS: readonly RouteLimit[] = [
  { method: 'POST', path: '/api/contact', points: 5, durationSeconds: 600 },
  { method: 'POST', path: '/api/reports', points: 10, durationSeconds: 600 },
];

/** Redis-backed limits for the routes in `limits`; other requests pass straight through. */
export function routeRateLimits(redis: Redis, limits: readonly RouteLimit[] = ROUTE_LIMITS): Guard {
  const limiters = limits.map((limit) => ({
    limit,
    limiter: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:gateway:${limit.method}:${limit.path}`,
      points: limit.points,
      duration: limit.durationSeconds,
      // If Redis is briefly unreachable, each replica keeps limiting on its own rather than failing requests.
      insuranceLimiter: new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds }),
    }),
  }));
  return (req, res, path, next) => {
    const match = limiters.find(({ limit }) => limit.method === req.method && limit.path === path);
    if (!match) return next();
    match.limiter
      .consume(clientIp(req))
      .then(next, (rejection: unknown) =>
        rejection instanceof RateLimiterRes ? tooMany(res, rejection) : next(),
      );
  };
}

/**
 * Every upload route's attempts per client address per hour, across all gateway replicas (Redis), taken before
 * a byte of the body is forwarded: valid or not, each attempt counts, and one over the limit is answered 429 at
 * once with the connection closed, so its body (up to 45 MB) is neither read nor sent on.
 */
export function uploadRateLimit(redis: Redis, perHour: number): Guard {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'rl:gateway:uploads',
    points: perHour,
    duration: 3_600,
    insuranceLimiter: new RateLimiterMemory({ points: perHour, duration: 3_600 }),
  });
  return (req, res, path, next) => {
    if (!UPLOAD_ROUTES.some((route) => route.method === req.method && route.path.test(path))) return next();
    limiter
      .consume(clientIp(req))
      .then(next, (rejection: unknown) =>
        rejection instanceof RateLimiterRes ? tooMany(res, rejection, { connection: 'close' }) : next(),
      );
  };
}
