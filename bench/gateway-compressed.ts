/**
 * The gateway exactly as gateway/src/server.ts starts it, with its /api responses compressed by the `compression`
 * middleware (expressjs/compression: Brotli quality 4 or gzip level 6, negotiated; 1 KB threshold): what the gateway
 * would run if it compressed API JSON. Only bench/gateway-compression.ts starts it.
 */
import http from 'node:http';
import compression from 'compression';

const compress = compression({ threshold: 1024, filter: (req) => req.url?.startsWith('/api/') ?? false });
const createServer = http.createServer.bind(http);
// server.ts makes its server with `http.createServer(app)`: wrap the listener it passes.
http.createServer = ((listener: http.RequestListener) =>
  createServer((req, res) =>
    compress(req as never, res as never, () => listener(req, res)),
  )) as typeof http.createServer;
await import('../gateway/src/server');
