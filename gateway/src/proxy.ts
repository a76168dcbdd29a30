import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { GATEWAY_ERRORS, sendError } from './respond';
import { upstreamAgent, type Upstreams } from './upstreams';

/** Network errors that mean "nothing is serving there" (503) rather than "it broke mid-way" (502). */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);

/**
 * One proxy per service: keep-alive upstream sockets, `x-request-id` and `x-forwarded-*` forwarded, and a JSON
 * error (never an HTML page, never a hang) when the service is down, broken or too slow.
 */
export function createServiceProxies(upstreams: Upstreams, options: { timeoutMs: number; logger: Logger }) {
  const proxies = {} as Record<ServiceName, RequestHandler<IncomingMessage, ServerResponse>>;
  for (const service of SERVICES) {
    const errors = GATEWAY_ERRORS.upstream[service];
    proxies[service] = createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: upstreams[service],
      agent: upstreamAgent,
      xfwd: true,
      ws: false,
      on: {
        // http-proxy's own proxyTimeout reports a timeout as ECONNRESET; this names it so the client gets a 504.
        proxyReq(proxyReq) {
          proxyReq.setTimeout(options.timeoutMs, () => {
            proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' }));
          });
        },
        error(error, req, res) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          const down = DOWN_CODES.has(code);
          const timedOut = TIMEOUT_CODES.has(code) || /timed? ?out/i.test(error.message);
          options.logger.warn({ service, code, url: req.url, err: error.message }, 'upstream error');
          if ('writeHead' in res) {
            sendError(res, down ? errors.down : timedOut ? errors.timedOut : errors.broken);
          } else {
            (res as Socket).destroy();
          }
        },
      },
    });
  }
  return proxies;
}

/** WebSocket upgrades for Socket.IO go to the messaging service; anything else is refused. */
export function createSocketProxy(upstreams: Upstreams, logger: Logger) {
  return createProxyMiddleware({
    target: upstreams.messaging,
    agent: upstreamAgent,
    // Upgrades are routed explicitly by the gateway's `onUpgrade`. With `ws: true` the middleware would
    // subscribe itself to the server's upgrade event after the first polling request and take every path.
    ws: false,
    xfwd: true,
    on: {
      // http-proxy ends the upstream socket only when the client's ends cleanly; a dropped or destroyed client
      // socket would leak it. Tie both lifetimes together.
      proxyReqWs(proxyReq, _req, socket) {
        proxyReq.on('upgrade', (_res, proxySocket) => {
          socket.once('close', () => proxySocket.destroy());
          proxySocket.once('close', () => socket.destroy());
        });
      },
      error(error, _req, res) {
        logger.warn({ err: error.message }, 'socket.io upstream error');
        if ('writeHead' in res) sendError(res, GATEWAY_ERRORS.upstream.messaging.down);
        else (res as Socket).destroy();
      },
    },
  });
}
