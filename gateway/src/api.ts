import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bodyLimitOf, findRoute, normalizeApiPath, type ServiceName } from '@nomadswap/contracts/routes';
import { REQUEST_ID_HEADER } from '@nomadswap/contracts/headers';
import { logAccess } from './access-log';
import { closeStalledBody, watchBodySize } from './body-limit';
import type { ProxyHandler } from './proxy';
import type { Guard } from './rate-limit';
import { GATEWAY_ERRORS, sendError } from './respond';
import { writeHeaders } from './security-headers';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Keeps a well-formed incoming `x-request-id` (a tracing client or proxy in front) or makes one. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export interface ApiProxyDeps {
  proxies: Record<ServiceName, ProxyHandler>;
  /** Run in order before a request is proxied (flood guard, per-route limits). */
  guards: readonly Guard[];
  headers: ReadonlyArray<readonly [string, string]>;
  logger: Logger;
  /** A body that sends nothing for this long is answered 408 and its connection closed. */
  bodyIdleMs: number;
}

/**
 * The gateway's hot path: every `/api/*` call but `/api/health`. Deliberately plain node:http rather than express
 * middleware: it does only what a proxied call needs (request id, security headers, access log, limits, route
 * table, body size, in that order) and hands the untouched request to the owning service's proxy.
 * Measured in bench/gateway.ts: express routing, helmet's per-request middlewares and pino-http's per-request child logger
 * were most of the gateway's allocation per request, and the garbage collection they caused was its p99.
 */
export function createApiProxy({ proxies, guards, headers, logger, bodyIdleMs }: ApiProxyDeps) {
  function forward(req: IncomingMessage, res: ServerResponse, path: string) {
    const rule = findRoute(path);
    if (!rule) {
      sendError(res, GATEWAY_ERRORS.notFound);
      return;
    }
    const limit = bodyLimitOf(req.method, path);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      sendError(res, GATEWAY_ERRORS.payloadTooLarge);
      return;
    }
    // A declared Content-Length within the limit bounds the body (node's parser reads exactly that many bytes);
    // only a chunked body must be counted as it streams.
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (chunked) watchBodySize(req, limit);
    if (chunked || declared > 0) closeStalledBody(req, res, bodyIdleMs);
    void proxies[rule.service](req, res, () => sendError(res, GATEWAY_ERRORS.notFound));
  }

  return function proxyApi(req: IncomingMessage, res: ServerResponse) {
    assignRequestId(req, res);
    writeHeaders(res, headers);
    logAccess(logger, req, res);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const raw = query === -1 ? url : url.slice(0, query);
    // Limits and routes are matched on the normalised path, and the service is sent that same path, so that
    // `/api/contact/` or `/api//contact` cannot reach a handler its limit does not cover.
    const path = normalizeApiPath(raw);
    if (path !== raw) req.url = query === -1 ? path : path + url.slice(query);
    let index = 0;
    const next = () => {
      const guard = guards[index++];
      if (guard) guard(req, res, path, next);
      else forward(req, res, path);
    };
    next();
  };
}
