import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyMiddleware, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { redactLoggedUrl } from '@nomadswap/service-kit/logger';
import { onProxyReq, onProxyStart } from './body-limit';
import { GATEWAY_ERRORS, sendError, type PreparedError } from './respond';
import { RoundRobin, upstreamAgent, type Upstreams } from './upstreams';

/** Network errors that mean "nothing is serving there" (503) rather than "it broke mid-way" (502). */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED']);

/**
 * A target as http-proxy uses it, parsed once: given a string, http-proxy runs the legacy `url.parse` on it for
 * every request.
 */
function parsedTarget(target: string) {
  const url = new URL(target);
  return { protocol: url.protocol, host: url.hostname, hostname: url.hostname, port: url.port };
}

/** Closes the upstream response when the client's connection closes first (what HPM's default plugin did). */
const closeUpstreamOnClientClose: Plugin = (proxyServer) => {
  proxyServer.on('proxyRes', (proxyRes, _req, res) => {
    res.once('close', () => {
      if (!res.writableEnded) proxyRes.destroy();
    });
  });
};

/**
 * http-proxy-middleware without its default plugins: their logger plugin builds a URL and a log line for every
 * response (then hands it to a no-op logger), and their debug plugin adds listeners per request; the gateway
 * logs and answers errors itself (`on.error`). The event plugin and the one behaviour worth keeping are plugged
 * back in.
 */
const LEAN_SOCKET = {
  ejectPlugins: true,
  // proxyEventsPlugin is what subscribes the `on` handlers below.
  plugins: [proxyEventsPlugin, closeUpstreamOnClientClose],
};
/** The service proxies: `limitInFlight` closes the upstream request (and so its response) itself. */
const LEAN_SERVICE = { ejectPlugins: true, plugins: [proxyEventsPlugin] };

const UPSTREAM_REQUEST = Symbol('upstream request');
/** The replicas a request has been sent to and that failed it before any answer (for the one retry). */
const FAILED_ON = Symbol('failed on');
type Tracked = ServerResponse & { [UPSTREAM_REQUEST]?: ClientRequest; [FAILED_ON]?: number };

/** Methods whose request may be sent again: they change nothing and carry no body the gateway has streamed. */
const RETRIABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The replica was not there or dropped the connection before answering: another one may answer. */
const RETRIABLE_CODES = new Set([...DOWN_CODES, 'ECONNRESET', 'EPIPE']);
const CLIENT_GONE = 'ECLIENTGONE';

/**
 * Bounds what one upstream replica can hold in the gateway. At most `max` requests are open towards it (the
 * agent allows more sockets, so none ever waits in its queue, where no time-out runs); one more is answered at
 * once with a JSON 503 and Retry-After instead of queueing without bound while the service falls behind. A
 * request whose client goes away before the answer is ended upstream too: node's `aborted` event, which
 * http-proxy listens for, is not emitted once the request's body was read, so without this the gateway and the
 * service kept working for nobody until the service answered or the time-out struck.
 */
function limitInFlight(
  handler: ProxyHandler,
  max: number,
  busy: PreparedError,
  headers: Record<string, string>,
): ProxyHandler {
  let inFlight = 0;
  // One shared listener (`this` is the response): no closure per request.
  function release(this: Tracked) {
    inFlight -= 1;
    // Node keeps the upstream's response on the request (`res`, untyped).
    const upstream = this[UPSTREAM_REQUEST] as (ClientRequest & { res?: IncomingMessage }) | undefined;
    // Unfinished upstream: the client went away, or the gateway answered first (a stalled body's 408).
    if (upstream && !upstream.destroyed && upstream.res?.complete !== true) {
      upstream.destroy(Object.assign(new Error('client went away'), { code: CLIENT_GONE }));
    }
  }
  return (req, res, next) => {
    if (inFlight >= max) {
      sendError(res, busy, headers);
      return;
    }
    inFlight += 1;
    res.once('close', release);
    return handler(req, res, next);
  };
}

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => unknown;

/**
 * One proxy per service: keep-alive upstream sockets, `x-request-id` and `x-forwarded-*` forwarded, and a JSON
 * error (never an HTML page, never a hang) when the service is down, broken or too slow. A service with several
 * replicas gets one proxy per replica and a round robin in front; a replica that refuses a connection is
 * skipped for a second. A GET (HEAD, OPTIONS) that a replica refused or dropped before answering — it was
 * stopped or killed — is sent once to the next replica, so reads survive a replica's death; a write is never
 * sent twice (its body is streamed, and the first replica may have acted on it): it gets its 502/503.
 */
export function createServiceProxies(upstreams: Upstreams, options: ServiceProxyOptions) {
  const proxies = {} as Record<ServiceName, ProxyHandler>;
  for (const service of SERVICES) proxies[service] = createServiceProxy(service, upstreams[service], options);
  return proxies;
}

export interface ServiceProxyOptions {
  timeoutMs: number;
  maxInFlight: number;
  logger: Logger;
}

/** One service's proxy over its replicas (see {@link createServiceProxies}). */
export function createServiceProxy(
  service: ServiceName,
  targets: readonly string[],
  options: ServiceProxyOptions,
): ProxyHandler {
  const errors = GATEWAY_ERRORS.upstream[service];
  const balancer = new RoundRobin(targets.length);
  // The replicas with their in-flight limits; the error handler retries on another of them.
  const limited: ProxyHandler[] = [];
  const replicas = targets.map((target, index) =>
    createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: parsedTarget(target),
      agent: upstreamAgent,
      xfwd: true,
      ws: false,
      ...LEAN_SERVICE,
      on: {
        start: onProxyStart,
        // http-proxy's own proxyTimeout reports a timeout as ECONNRESET; this names it so the client gets a 504.
        proxyReq(proxyReq, req, res) {
          onProxyReq(proxyReq, req);
          (res as Tracked)[UPSTREAM_REQUEST] = proxyReq;
          proxyReq.setTimeout(options.timeoutMs, () => {
            proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' }));
          });
        },
        error(error, req, res) {
          // The gateway answered already (a body cut at its limit aborts the upstream request on purpose).
          if ('writableEnded' in res && res.writableEnded) return;
          const code = (error as NodeJS.ErrnoException).code ?? '';
          // The client went away first (see limitInFlight): there is no one to answer.
          if (code === CLIENT_GONE) return;
          const down = DOWN_CODES.has(code);
          const timedOut = TIMEOUT_CODES.has(code) || /timed? ?out/i.test(error.message);
          if (down) balancer.bench(index);
          const retry =
            'writeHead' in res &&
            !res.headersSent &&
            limited.length > 1 &&
            (res as Tracked)[FAILED_ON] === undefined &&
            RETRIABLE_METHODS.has(req.method ?? '') &&
            RETRIABLE_CODES.has(code);
          options.logger.warn(
            {
              service,
              target,
              code,
              url: redactLoggedUrl(req.url ?? ''),
              err: error.message,
              retried: retry,
            },
            'upstream error',
          );
          if (retry) {
            (res as Tracked)[FAILED_ON] = index;
            void limited[(index + 1) % limited.length]!(req, res as ServerResponse, () => {});
            return;
          }
          if ('writeHead' in res) {
            sendError(res, down ? errors.down : timedOut ? errors.timedOut : errors.broken);
          } else {
            (res as Socket).destroy();
          }
        },
      },
    }),
  );
  for (const replica of replicas) {
    limited.push(limitInFlight(replica, options.maxInFlight, errors.down, { 'retry-after': '1' }));
  }
  return limited.length === 1 ? limited[0]! : (req, res, next) => limited[balancer.pick()]!(req, res, next);
}

/**
 * The gateway is the public entry: whatever a client claims in `X-Forwarded-*` or `Forwarded` is dropped, so the
 * `X-Forwarded-For` the proxies then set (`xfwd`) is exactly the socket's peer, the address the gateway's own
 * limits use. A forged header would otherwise be kept in front of it and read by a service as the client.
 */
export function dropClientForwarding(req: IncomingMessage) {
  const headers = req.headers;
  delete headers['x-forwarded-for'];
  delete headers['x-forwarded-host'];
  delete headers['x-forwarded-proto'];
  delete headers['x-forwarded-port'];
  delete headers.forwarded;
}

/** The gateway's cookie naming the messaging replica that holds a client's Engine.IO session. */
export const REPLICA_COOKIE = 'nsio_replica';
const REPLICA_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${REPLICA_COOKIE}=(\\d+)`);
const HAS_SID = /[?&]sid=/;

export interface SocketProxy {
  /** Engine.IO long-polling requests (plain HTTP). */
  http(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** WebSocket upgrades. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * Socket.IO to the messaging replicas. A new session (a polling handshake or a WebSocket-only connection, i.e. no
 * `sid`) goes to the next replica in turn. Long-polling is several HTTP requests per session, and only the
 * replica that made the `sid` knows it (another answers 400 "Session ID unknown"), so the polling handshake's
 * response carries a cookie naming the replica, and every later request of that session — polls, posts and the
 * polling→WebSocket upgrade, which carries the same cookie — goes where the cookie says. This is the
 * cookie-based sticky routing Socket.IO recommends for load balancers ("Using multiple nodes"). No cookie or one
 * naming no replica falls back to the round robin.
 */
export function createSocketProxy(targets: readonly string[], logger: Logger): SocketProxy {
  const balancer = new RoundRobin(targets.length);
  const sticky = targets.length > 1;
  const replicas = targets.map((target, index) => {
    const cookie = `${REPLICA_COOKIE}=${index}; Path=/socket.io; HttpOnly; SameSite=Strict`;
    return createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: parsedTarget(target),
      agent: upstreamAgent,
      ...LEAN_SOCKET,
      // Upgrades are routed explicitly by the gateway's `onUpgrade`. With `ws: true` the middleware would
      // subscribe itself to the server's upgrade event after the first polling request and take every path.
      ws: false,
      xfwd: true,
      on: {
        // Runs before http-proxy copies the upstream's headers to the client's response.
        proxyRes(proxyRes, req) {
          if (!sticky || HAS_SID.test(req.url ?? '') || proxyRes.statusCode !== 200) return;
          const existing = proxyRes.headers['set-cookie'] ?? [];
          proxyRes.headers['set-cookie'] = [...existing, cookie];
        },
        // http-proxy ends the upstream socket only when the client's ends cleanly; a dropped or destroyed client
        // socket would leak it. Tie both lifetimes together.
        proxyReqWs(proxyReq, _req, socket) {
          proxyReq.on('upgrade', (_res, proxySocket) => {
            socket.once('close', () => proxySocket.destroy());
            proxySocket.once('close', () => socket.destroy());
          });
        },
        error(error, _req, res) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          if (DOWN_CODES.has(code)) balancer.bench(index);
          logger.warn({ target, code, err: error.message }, 'socket.io upstream error');
          if ('writeHead' in res) sendError(res, GATEWAY_ERRORS.upstream.messaging.down);
          else (res as Socket).destroy();
        },
      },
    });
  });

  function replicaFor(req: IncomingMessage): number {
    if (!sticky) return 0;
    const url = req.url ?? '';
    if (HAS_SID.test(url)) {
      const named = REPLICA_COOKIE_VALUE.exec(req.headers.cookie ?? '');
      const index = named ? Number(named[1]) : -1;
      if (index < targets.length && index >= 0) return index;
    }
    return balancer.pick();
  }

  return {
    http(req, res, next) {
      void replicas[replicaFor(req)]!(req, res, next);
    },
    upgrade(req, socket, head) {
      replicas[replicaFor(req)]!.upgrade(req, socket as Socket, head);
    },
  };
}
