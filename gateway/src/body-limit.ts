import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_ERRORS, sendError } from './respond';

/**
 * Answers 408 and closes the connection when a request's body sends nothing for `idleMs` (a client holding
 * requests open with unfinished bodies kept the gateway's and the service's places for nothing). A slow body
 * that keeps sending passes; once the body has arrived the timer is off (a slow service is UPSTREAM_TIMEOUT_MS's).
 * The closed connection aborts the upstream request (http-proxy listens for the client's `aborted`).
 */
export function closeStalledBody(req: IncomingMessage, res: ServerResponse, idleMs: number) {
  if (req.complete) return;
  const onStall = () => {
    if (res.headersSent) req.socket.destroy();
    else sendError(res, GATEWAY_ERRORS.requestTimeout, { connection: 'close' });
  };
  // IncomingMessage#setTimeout arms the socket's idle timer; node emits `timeout` on the request while it is
  // incomplete (then the socket is left to us), on nobody afterwards (then node destroys the socket): so the
  // timer is disarmed as soon as the body is complete.
  req.setTimeout(idleMs, onStall);
  req.once('end', () => {
    req.off('timeout', onStall);
    // Once the answer is out, node has put its keep-alive timer on the socket: that one stays.
    if (!res.writableFinished) req.socket.setTimeout(0);
  });
}

/** How long a connection may keep sending a body the gateway has refused before it is closed. */
const DRAIN_GRACE_MS = 2_000;

interface Watch {
  limit: number;
  received: number;
  cut: boolean;
  upstream?: ClientRequest;
}

const watches = new WeakMap<IncomingMessage, Watch>();

/**
 * Marks a request whose body may not pass `limit` bytes, however it is sent: a declared Content-Length is checked
 * by the caller before proxying; this counts what actually streams (chunked bodies declare nothing).
 */
export function watchBodySize(req: IncomingMessage, limit: number) {
  watches.set(req, { limit, received: 0, cut: false });
}

/**
 * Cuts a watched request once its body passes the limit: the upstream request is aborted (the service sees a
 * dropped connection, never the excess) and the client gets a JSON 413. The client's remaining bytes are read
 * and dropped for a short grace (so it can read the answer instead of a reset), then the connection is closed.
 */
function cut(req: IncomingMessage, res: ServerResponse, watch: Watch) {
  watch.cut = true;
  req.unpipe();
  watch.upstream?.destroy();
  sendError(res, GATEWAY_ERRORS.payloadTooLarge);
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_GRACE_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
}

/**
 * http-proxy's `start` event: it comes synchronously before the request is piped upstream, so the counter sees
 * every chunk the upstream does (a `data` listener added earlier would start the flow before the pipe exists).
 */
export function onProxyStart(req: IncomingMessage, res: ServerResponse) {
  const watch = watches.get(req);
  if (!watch) return;
  const count = (chunk: Buffer) => {
    watch.received += chunk.length;
    if (watch.received <= watch.limit) return;
    req.off('data', count);
    cut(req, res, watch);
  };
  req.on('data', count);
}

/** http-proxy's `proxyReq` event: remembers the upstream request, to abort it on a cut. */
export function onProxyReq(proxyReq: ClientRequest, req: IncomingMessage) {
  const watch = watches.get(req);
  if (!watch) return;
  watch.upstream = proxyReq;
  if (watch.cut) proxyReq.destroy();
}
