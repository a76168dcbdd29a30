/**
 * The yardstick of bench/gateway.ts's CPU figure: the least a Node reverse proxy can do — node:http in, node:http
 * out over keep-alive sockets, headers passed through, bodies piped, 502 when the upstream fails. No logging,
 * no request ids, no security headers, no limits. UPSTREAM_URL is where it forwards; PORT where it listens.
 */
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4002');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

http
  .createServer((req, res) => {
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"Bad gateway"}');
    });
    req.pipe(proxied);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
