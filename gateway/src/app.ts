import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@nomadswap/contracts/headers';
import { toErrorBody } from '@nomadswap/service-kit/errors';
import { redactLoggedUrl } from '@nomadswap/service-kit/logger';
import type { GatewayConfig } from './config';
import { logAccess } from './access-log';
import { assignRequestId, createApiProxy } from './api';
import { cachedHealth } from './health';
import { watchUpstreams, type ResolveAll } from './discovery';
import { createServiceProxies, createServiceProxy, createSocketProxy, dropClientForwarding } from './proxy';
import { apiRateLimit, clientInFlightLimit, clientIp, routeRateLimits, uploadRateLimit } from './rate-limit';
import { GATEWAY_ERRORS, sendError } from './respond';
import { isSubresource, securityHeaders, subresourceHeaders, writeHeaders } from './security-headers';
import { serverRenderedPages } from './ssr';
import { webApp } from './static';
import { upstreamsFrom } from './upstreams';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  /** How upstream host names are resolved when UPSTREAM_DISCOVERY_MS is on (tests give a fixed table). */
  resolve?: ResolveAll;
}

/**
 * The gateway's HTTP server options: a request whose headers stall is answered 408 by node itself
 * (headersTimeout), and the whole request must have arrived within REQUEST_TIMEOUT_MS. Node checks both on a
 * timer (connectionsCheckingInterval, 30 s by default, which would double a 30 s limit): here a tenth of the
 * shorter one, at most a second.
 */
export function httpServerOptions(config: GatewayConfig): ServerOptions {
  const shorter = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shorter / 10))),
  };
}

const requestId: RequestHandler = (req, res, next) => {
  assignRequestId(req, res);
  // A hashed script's or stylesheet's answer is never traced by the client: its id stays in the access log
  // (issue 25: 54 bytes of every script a phone loads).
  if (isSubresource(req.path)) res.removeHeader(REQUEST_ID_HEADER);
  next();
};

/**
 * Builds the gateway: the only public entry. It owns the route table, WebSocket upgrades, the web app, security
 * headers, request ids, the /api flood guard and the aggregated health. It never parses request bodies: they
 * stream to the owning service, which validates them.
 */
export function createGateway({ config, logger, redis, resolve }: GatewayDeps) {
  const configured = upstreamsFrom(config);
  // The replicas in use: the configured lists, or what their names resolve to (discovery swaps them below).
  const upstreams = { ...configured };
  const proxyOptions = {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxInFlight: config.UPSTREAM_MAX_IN_FLIGHT,
    logger,
  };
  const proxies = createServiceProxies(upstreams, proxyOptions);
  let socketProxy = createSocketProxy(upstreams.messaging, logger);
  const discovery =
    config.UPSTREAM_DISCOVERY_MS > 0
      ? watchUpstreams(configured, {
          intervalMs: config.UPSTREAM_DISCOVERY_MS,
          resolve,
          onChange(service, targets) {
            // Requests under way finish on the proxies they started with; new ones take the new list.
            upstreams[service] = targets;
            proxies[service] = createServiceProxy(service, targets, proxyOptions);
            if (service === 'messaging') socketProxy = createSocketProxy(targets, logger);
            logger.info({ service, replicas: targets }, 'upstream replicas changed');
          },
        })
      : undefined;

  const headers = securityHeaders({
    geocoderOrigin: config.GEOCODER_ORIGIN,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  const scriptHeaders = subresourceHeaders(headers);
  const proxyApi = createApiProxy({
    proxies,
    guards: [
      clientInFlightLimit(config.CLIENT_MAX_IN_FLIGHT),
      apiRateLimit(config.API_RATE_LIMIT_PER_MINUTE),
      routeRateLimits(redis),
      uploadRateLimit(redis, config.UPLOAD_LIMIT_PER_HOUR),
    ],
    headers,
    logger,
    bodyIdleMs: config.BODY_IDLE_TIMEOUT_MS,
  });

  // Everything that is not a proxied API call: health, Socket.IO polling, the web app, 404s.
  const web = express();
  web.disable('x-powered-by');
  web.set('trust proxy', false);
  web.use(requestId);
  web.use((req, res, next) => {
    logAccess(logger, req, res, { quiet: (url) => url === '/api/health' });
    writeHeaders(res, isSubresource(req.path) ? scriptHeaders : headers);
    next();
  });

  const currentHealth = cachedHealth(upstreams, config.HEALTH_TIMEOUT_MS);
  web.get('/api/health', async (_req, res) => {
    const health = await currentHealth();
    res.setHeader('Cache-Control', 'no-store');
    res.status(health.status === 'ok' ? 200 : 503).json(health);
  });

  // The web app's run-time configuration: one build serves every deployment (the address is not baked in).
  const publicConfig = { supportEmail: config.SUPPORT_EMAIL };
  web.get('/api/config', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(publicConfig);
  });

  // Socket.IO's long-polling transport is plain HTTP; its WebSocket upgrade is handled by `onUpgrade`.
  web.use('/socket.io', (req, res, next) => {
    req.url = req.originalUrl;
    socketProxy.http(req, res, next);
  });

  // The visitor's `/browse` (and a signed-in `/profile`) as server-rendered HTML when the build has the renderer.
  web.use(
    serverRenderedPages({
      distDir: config.WEB_DIST,
      upstreams,
      timeoutMs: config.SSR_TIMEOUT_MS,
      cacheMs: config.SSR_CACHE_MS,
      rendersPerMinute: config.SSR_RENDERS_PER_MINUTE,
      clientOf: clientIp,
      logger,
    }),
  );
  web.use(webApp(config.WEB_DIST));

  web.use((_req, res) => sendError(res, GATEWAY_ERRORS.notFound));

  // The kit's error model: what it knows (a malformed request express rejects) keeps its status and public
  // message; anything else is a 500 whose details are only logged.
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const requestId = req.headers[REQUEST_ID_HEADER];
    const answer = toErrorBody(error, typeof requestId === 'string' ? requestId : undefined);
    if (answer.logAsError) logger.error({ err: error, url: redactLoggedUrl(req.url ?? '') }, 'gateway error');
    if (res.headersSent) return res.destroy();
    res.set(answer.headers).status(answer.status).json(answer.body);
  };
  web.use(onError);

  /** The server's request listener: API calls take the lean proxy path, the rest goes through express. */
  function app(req: IncomingMessage, res: ServerResponse) {
    dropClientForwarding(req);
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0];
    const ownRoute = path === '/api/health' || path === '/api/config';
    if (url.startsWith('/api/') && !ownRoute) proxyApi(req, res);
    else web(req, res);
  }

  // Upgraded sockets leave the HTTP server's bookkeeping: they must be closed by hand on shutdown, or
  // server.close() would wait for every open chat connection.
  const upgraded = new Set<Duplex>();

  /** Wire into `server.on('upgrade')`: only Socket.IO may upgrade. */
  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    dropClientForwarding(req);
    if (!req.url?.startsWith('/socket.io')) {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    socketProxy.upgrade(req, socket, head);
  }

  /** Ends every proxied WebSocket (clients reconnect to another replica). */
  function closeUpgradedSockets() {
    for (const socket of upgraded) socket.destroy();
    upgraded.clear();
  }

  return {
    app,
    onUpgrade,
    closeUpgradedSockets,
    /** Re-resolves the upstreams now (when discovery is on); resolves when the lists are up to date. */
    refreshUpstreams: async () => {
      await discovery?.first;
      await discovery?.refresh();
    },
    stopDiscovery: () => discovery?.stop(),
  };
}
