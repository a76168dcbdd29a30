import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { BODY_LIMITS, findRoute, type ServiceName } from '@nomadswap/contracts/routes';
import { MSG } from '@nomadswap/contracts/messages';
import { logAccess } from './access-log';
import type { Guard } from './rate-limit';
import { sendJson } from './respond';
import { writeHeaders } from './security-headers';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Keeps a well-formed incoming `x-request-id` (a tracing client or proxy in front) or makes one. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  return id;
}

export interface ApiProxyDeps {
  proxies: Record<ServiceName, ProxyHandler<IncomingMessage, ServerResponse>>;
  /** Run in order before a request is proxied (flood guard, per-route limits). */
  guards: readonly Guard[];
  headers: ReadonlyArray<readonly [string, string]>;
  logger: Logger;
}

/**
 * The gateway's hot path: every `/api/*` call but `/api/health`. Deliberately plain node:http rather than express
 * middleware: it does only what a proxied call needs (request id, security headers, access log, limits, route
 * table, declared body size, in that order) and hands the untouched request to the owning service's proxy.
 * Measured in bench/gateway.ts: express routing, helmet's per-request middlewares and pino-http's per-request child logger
 * were most of the gateway's allocation per request, and the garbage collection they caused was its p99.
 */
export function createApiProxy({ proxies, guards, headers, logger }: ApiProxyDeps) {
  function forward(req: IncomingMessage, res: ServerResponse, path: string) {
    const rule = findRoute(path);
    if (!rule) {
      sendJson(res, 404, { error: MSG.notFound, code: 'NOT_FOUND' });
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > BODY_LIMITS[rule.bodyLimit ?? 'json']) {
      sendJson(res, 413, { error: MSG.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      return;
    }
    void proxies[rule.service](req, res, () =>
      sendJson(res, 404, { error: MSG.notFound, code: 'NOT_FOUND' }),
    );
  }

  return function proxyApi(req: IncomingMessage, res: ServerResponse) {
    assignRequestId(req, res);
    writeHeaders(res, headers);
    logAccess(logger, req, res);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let index = 0;
    const next = () => {
      const guard = guards[index++];
      if (guard) guard(req, res, path, next);
      else forward(req, res, path);
    };
    next();
  };
}
