/** The trivial service endpoint the gateway benchmark proxies to: a small JSON answer, nothing else. */
import http from 'node:http';

const body = JSON.stringify({ ok: true, items: [] });
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
