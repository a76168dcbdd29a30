import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@nomadswap/contracts/headers';
import type { ServiceHealth } from '@nomadswap/contracts/responses';
import { BODY_LIMITS, bodyLimitOf, normalizeApiPath, type UploadRoute } from '@nomadswap/contracts/routes';
import { errorHandler, notFoundHandler } from './errors';
import { redactLoggedUrl } from './logger';
import { pingMongo } from './mongo';
import { pingRedis } from './redis';

export interface ServiceAppOptions {
  /** Service name: logs, metrics label and `/healthz`. */
  name: string;
  logger: Logger;
  /**
   * Largest JSON body (bytes) of every route but the upload routes (`UPLOAD_ROUTES`), which parse their own
   * body with {@link uploadBody} after authentication. Default `BODY_LIMITS.json` (1 MB).
   */
  bodyLimit?: number;
  /** What `/healthz` checks. */
  health: { mongo: Connection; redis: Redis };
  /** Mounts the service's routes, between the common middleware and the 404/error handlers. */
  routes?: (app: Express) => void;
  /** Metrics registry; default a fresh one per app (with default process metrics). */
  registry?: Registry;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/metrics']);
/** Each dependency check gives up after this long, so /healthz always answers well under a second. */
const HEALTH_CHECK_TIMEOUT_MS = 700;

/** The incoming `x-request-id` when it looks like one (the gateway sets it), else a new uuid. */
function requestIdOf(req: Request): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Records the route template (`/api/items/:id`) of the request, for metrics labels. Express sets `req.route`
 * when a route matches, at which moment `req.baseUrl` is the mount path; by the time the response finishes
 * (e.g. after an error left the router) `baseUrl` has been reset, so the template is captured then.
 */
function trackRouteTemplate(req: Request): () => string {
  let template = 'unmatched';
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: unknown) => {
      route = value;
      if (value && typeof value === 'object' && 'path' in value)
        template = `${req.baseUrl}${String(value.path)}`;
    },
  });
  return () => template;
}

/**
 * An express app with everything every service shares: request ids (`x-request-id` accepted or generated, echoed
 * and logged), pino-http logs, helmet, JSON bodies up to `bodyLimit` (upload routes excepted), `/metrics` (prom-client: default metrics +
 * `http_request_duration_seconds{method,route,status_code}`), `/healthz` (`{status, service, mongo, redis}`, 200
 * when both are up, else 503, answered in under a second), then the service's `routes`, then a JSON 404 and the
 * error middleware. `trust proxy` is 'loopback' (the gateway on the same host sets X-Forwarded-For).
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const { name, logger } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  const registry = options.registry ?? new Registry();
  if (!options.registry) {
    registry.setDefaultLabels({ service: name });
    collectDefaultMetrics({ register: registry });
  }
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.use((req, res, next) => {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const stopTimer = duration.startTimer();
    const template = trackRouteTemplate(req);
    res.once('finish', () => {
      stopTimer({ method: req.method, route: template(), status_code: String(res.statusCode) });
    });
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => req.id,
      // Every line logged through req.log (and the request summary) carries the id under one name.
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
      // wrapSerializers (the default) hands this the standard serialised request.
      serializers: {
        req: (req: { url?: string }) => {
          if (req.url) req.url = redactLoggedUrl(req.url);
          return req;
        },
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(
    helmet({
      // An API answers JSON only: nothing may be framed, scripted or embedded from it.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
  );
  // An upload route's body is left unread here: its router parses it with `uploadBody` once the caller is
  // authenticated, so nobody can make a service buffer 45 MB without a valid token.
  const json = express.json({ limit: options.bodyLimit ?? BODY_LIMITS.json });
  app.use((req, res, next) => {
    if (bodyLimitOf(req.method, normalizeApiPath(req.path)) > BODY_LIMITS.json) next();
    else json(req, res, next);
  });

  app.get('/healthz', async (_req, res) => {
    const [mongo, redis] = await Promise.all([
      pingMongo(options.health.mongo, HEALTH_CHECK_TIMEOUT_MS),
      pingRedis(options.health.redis, HEALTH_CHECK_TIMEOUT_MS),
    ]);
    const body: ServiceHealth = {
      status: mongo && redis ? 'ok' : 'degraded',
      service: name,
      mongo: mongo ? 'up' : 'down',
      redis: redis ? 'up' : 'down',
    };
    res
      .set('Cache-Control', 'no-store')
      .status(mongo && redis ? 200 : 503)
      .json(body);
  });

  app.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });

  options.routes?.(app);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/**
 * The JSON body parser of an upload route (`UPLOAD_ROUTES` in the contracts), placed after the route's
 * authentication: up to the route's limit, 413 `File too large` beyond it.
 */
export function uploadBody(limit: UploadRoute['limit']): RequestHandler {
  return express.json({ limit: BODY_LIMITS[limit] });
}
