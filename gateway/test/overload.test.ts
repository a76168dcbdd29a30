import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpServerOptions } from '../src/app';
import { GatewayEnvSchema } from '../src/config';
import { buildGateway, startAllUpstreams } from './helpers';

/**
 * A service that answers only when told to, and records when the gateway gives up on a request (its connection
 * closes before the answer).
 */
async function startHeldUpstream() {
  const held: http.ServerResponse[] = [];
  let closedUnanswered = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    held.push(res);
    res.on('close', () => {
      if (!res.writableFinished) closedUnanswered += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.filter((res) => !res.writableEnded && !res.destroyed).length,
    closedUnanswered: () => closedUnanswered,
    answerAll() {
      for (const res of held.splice(0)) {
        if (res.destroyed || res.writableEnded) continue;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayInFrontOf(itemsUrl: string, env: Record<string, string>) {
  const stack = await startAllUpstreams();
  const gateway = await buildGateway({ ...stack.urls, items: itemsUrl }, env, { isolatedLimits: true });
  const server = http.createServer(httpServerOptions(gateway.config), gateway.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () => stack.close(),
    () => gateway.redis.disconnect(),
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('gateway under overload', () => {
  it('answers JSON 503 with Retry-After once a service has UPSTREAM_MAX_IN_FLIGHT requests open, instead of queueing', async () => {
    const items = await startHeldUpstream();
    cleanups.push(() => items.close());
    const base = await gatewayInFrontOf(items.url, {
      UPSTREAM_MAX_IN_FLIGHT: '2',
      UPSTREAM_TIMEOUT_MS: '10000',
    });
    const first = fetch(`${base}/api/items`);
    const second = fetch(`${base}/api/items`);
    await until(() => items.held() === 2, 'both requests to reach the service');

    const refused = await fetch(`${base}/api/items`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', service: 'items' });
    // The refused request never reached the service, and other services are not affected.
    expect(items.held()).toBe(2);
    expect((await fetch(`${base}/api/auth/me`)).status).toBe(200);

    items.answerAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // Finished requests free their places.
    const again = fetch(`${base}/api/items`);
    await until(() => items.held() === 1, 'the next request to reach the service');
    items.answerAll();
    expect((await again).status).toBe(200);
  });

  it('gives up the upstream request when the client goes away, and frees its place', async () => {
    const items = await startHeldUpstream();
    cleanups.push(() => items.close());
    const base = await gatewayInFrontOf(items.url, {
      UPSTREAM_MAX_IN_FLIGHT: '1',
      UPSTREAM_TIMEOUT_MS: '10000',
    });
    const controller = new AbortController();
    const abandoned = fetch(`${base}/api/items`, { signal: controller.signal }).catch(() => 'aborted');
    await until(() => items.held() === 1, 'the request to reach the service');
    controller.abort();
    expect(await abandoned).toBe('aborted');
    // Well before UPSTREAM_TIMEOUT_MS: the service is not left working for nobody.
    await until(() => items.closedUnanswered() === 1, 'the upstream request to be closed', 3_000);

    const next = fetch(`${base}/api/items`);
    await until(() => items.held() === 1, 'the next request to reach the service');
    items.answerAll();
    expect((await next).status).toBe(200);
  });
});

/** A GET from a chosen local address (127.0.0.x are all this machine): another client, as the gateway sees it. */
function getFrom(base: string, path: string, localAddress = '127.0.0.1') {
  return new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
    const req = http.get(`${base}${path}`, { localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }),
      );
    });
    req.on('error', reject);
  });
}

/** Writes `head` on a raw connection and collects what comes back until the gateway closes it. */
function rawExchange(base: string, head: string) {
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(head);
  cleanups.push(() => socket.destroy());
  return { socket, closed, received: () => received };
}

describe('limits per client', () => {
  it('lets one address have CLIENT_MAX_IN_FLIGHT requests open, answers the next 429 at once, and leaves other addresses alone', async () => {
    const items = await startHeldUpstream();
    cleanups.push(() => items.close());
    const base = await gatewayInFrontOf(items.url, {
      CLIENT_MAX_IN_FLIGHT: '3',
      UPSTREAM_MAX_IN_FLIGHT: '256',
      UPSTREAM_TIMEOUT_MS: '10000',
    });
    const held = [1, 2, 3].map(() => getFrom(base, '/api/items'));
    await until(() => items.held() === 3, 'three requests (the cap) to reach the service');

    const refused = await getFrom(base, '/api/items');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(items.held()).toBe(3);
    // Another client reaches the same service.
    const other = getFrom(base, '/api/items', '127.0.0.2');
    await until(() => items.held() === 4, "the other client's request to reach the service");

    items.answerAll();
    expect((await Promise.all([...held, other])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Finished requests give their places back.
    const again = getFrom(base, '/api/items');
    await until(() => items.held() === 1, 'the next request to reach the service');
    items.answerAll();
    expect((await again).status).toBe(200);
  });

  it('answers 408 and closes a request whose body stalls, ends it upstream and frees its place', async () => {
    const items = await startHeldUpstream();
    cleanups.push(() => items.close());
    const base = await gatewayInFrontOf(items.url, {
      CLIENT_MAX_IN_FLIGHT: '1',
      BODY_IDLE_TIMEOUT_MS: '300',
      UPSTREAM_TIMEOUT_MS: '10000',
    });
    const stalled = rawExchange(
      base,
      'POST /api/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
    );
    await until(() => items.held() === 1, 'the stalled request to reach the service');
    await until(() => stalled.received() !== '', 'the 408', 3_000);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalled.received()).toContain('"code":"REQUEST_TIMEOUT"');
    await stalled.closed;
    await until(() => items.closedUnanswered() === 1, 'the upstream request to be closed', 3_000);

    const next = getFrom(base, '/api/items');
    await until(() => items.held() === 1, 'the next request to reach the service');
    items.answerAll();
    expect((await next).status).toBe(200);
  });

  it('lets a slow body that keeps sending through', async () => {
    const stack = await startAllUpstreams();
    cleanups.push(() => stack.close());
    const base = await gatewayInFrontOf(stack.urls.items, { BODY_IDLE_TIMEOUT_MS: '300' });
    const slow = rawExchange(
      base,
      'POST /api/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 8\r\n\r\n',
    );
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      slow.socket.write('x');
    }
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers 408 and closes a connection whose headers stall', async () => {
    const stack = await startAllUpstreams();
    cleanups.push(() => stack.close());
    const base = await gatewayInFrontOf(stack.urls.items, {
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '300',
    });
    const stalled = rawExchange(base, 'GET /api/items HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    await stalled.closed;
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('counts every upload attempt per address before the body: at UPLOAD_LIMIT_PER_HOUR they pass, one past it is 429 at once, its body unread', async () => {
    const stack = await startAllUpstreams();
    cleanups.push(() => stack.close());
    const base = await gatewayInFrontOf(stack.urls.items, { UPLOAD_LIMIT_PER_HOUR: '2' });
    // Any attempt counts, whatever the service makes of it: an item with photos, a registration.
    expect((await fetch(`${base}/api/items`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await fetch(`${base}/api/auth/register`, { method: 'POST', body: 'x' })).status).toBe(200);
    const seen = stack.upstreams.items.requests.length + stack.upstreams.auth.requests.length;
    // A 45 MB body announced, none of it sent: the answer comes at once and the connection is closed.
    const over = rawExchange(
      base,
      'PUT /api/items/abc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 45000000\r\n\r\n',
    );
    await over.closed;
    expect(over.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(over.received()).toMatch(/connection: close/i);
    expect(over.received()).toMatch(/retry-after: \d+/i);
    expect(stack.upstreams.items.requests.length + stack.upstreams.auth.requests.length).toBe(seen);
    // Other routes are not counted.
    expect((await fetch(`${base}/api/items`)).status).toBe(200);
  });

  it('refuses a request timeout shorter than the headers timeout', () => {
    expect(() => GatewayEnvSchema.parse({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '999' })).toThrow(
      /REQUEST_TIMEOUT_MS/,
    );
    const exact = GatewayEnvSchema.parse({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1000' });
    expect(exact.REQUEST_TIMEOUT_MS).toBe(1000);
  });
});
