import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { BODY_LIMITS, findRoute } from '@nomadswap/contracts/routes';
import { MSG } from '@nomadswap/contracts/messages';
import type { GatewayConfig } from './config';
import { aggregateHealth } from './health';
import { createServiceProxies, createSocketProxy } from './proxy';
import { apiRateLimit, routeRateLimits } from './rate-limit';
import { webApp } from './static';
import { upstreamsFrom } from './upstreams';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
}

const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  next();
};

function contentSecurityPolicy(geocoderOrigin: string) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:', geocoderOrigin],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Builds the gateway: the only public entry. It owns the route table, WebSocket upgrades, the web app, security
 * headers, request ids, the /api flood guard and the aggregated health. It never parses request bodies: they
 * stream to the owning service, which validates them.
 */
export function createGateway({ config, logger, redis }: GatewayDeps) {
  const upstreams = upstreamsFrom(config);
  const proxies = createServiceProxies(upstreams, { timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger });
  const socketProxy = createSocketProxy(upstreams, logger);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestId);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.headers['x-request-id']),
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: contentSecurityPolicy(config.GEOCODER_ORIGIN),
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.NODE_ENV === 'production',
    }),
  );

  app.get('/api/health', async (_req, res) => {
    const health = await aggregateHealth(upstreams, config.HEALTH_TIMEOUT_MS);
    res.setHeader('Cache-Control', 'no-store');
    res.status(health.status === 'ok' ? 200 : 503).json(health);
  });

  app.use('/api', apiRateLimit(config.API_RATE_LIMIT_PER_MINUTE), routeRateLimits(redis));

  app.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) return next();
    const rule = findRoute(req.path);
    if (!rule) {
      res.status(404).json({ error: MSG.notFound, code: 'NOT_FOUND' });
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > BODY_LIMITS[rule.bodyLimit ?? 'json']) {
      res.status(413).json({ error: MSG.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      return;
    }
    void proxies[rule.service](req, res, next);
  });

  // Socket.IO's long-polling transport is plain HTTP; its WebSocket upgrade is handled by `onUpgrade`.
  app.use('/socket.io', (req, res, next) => {
    req.url = req.originalUrl;
    void socketProxy(req, res, next);
  });

  app.use(webApp(config.WEB_DIST));

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    logger.error({ err: error, url: req.url }, 'gateway error');
    if (res.headersSent) return res.destroy();
    res
      .status(500)
      .json({ error: 'Internal server error', code: 'INTERNAL', requestId: req.headers['x-request-id'] });
  };
  app.use(onError);

  // Upgraded sockets leave the HTTP server's bookkeeping: they must be closed by hand on shutdown, or
  // server.close() would wait for every open chat connection.
  const upgraded = new Set<Duplex>();

  /** Wire into `server.on('upgrade')`: only Socket.IO may upgrade. */
  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (!req.url?.startsWith('/socket.io')) {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    socketProxy.upgrade(req, socket as never, head);
  }

  /** Ends every proxied WebSocket (clients reconnect to another replica). */
  function closeUpgradedSockets() {
    for (const socket of upgraded) socket.destroy();
    upgraded.clear();
  }

  return { app, onUpgrade, closeUpgradedSockets };
}
