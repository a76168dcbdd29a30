import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, startAllUpstreams } from './helpers';

let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;

beforeAll(async () => {
  stack = await startAllUpstreams();
  gateway = await buildGateway(stack.urls, {}, { isolatedLimits: true });
});
afterAll(async () => {
  await stack.close();
  gateway.redis.disconnect();
});

describe('gateway forwarding', () => {
  it("sends the service exactly the client's address in X-Forwarded-For, dropping a forged one", async () => {
    const response = await request(gateway.app)
      .get('/api/items')
      .set('X-Forwarded-For', '203.0.113.66')
      .set('X-Forwarded-Host', 'evil.example');
    expect(response.status).toBe(200);
    const seen = stack.upstreams.items.requests.at(-1)!.headers;
    expect(seen['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen['x-forwarded-host']).not.toBe('evil.example');
  });

  it('matches per-route limits on the normalised path: a trailing slash or a double slash is the same route', async () => {
    const limited = await buildGateway(stack.urls, {}, { isolatedLimits: true });
    const spellings = ['/api/contact', '/api/contact/', '/api//contact', '/api/contact//', '/api/contact'];
    const statuses: number[] = [];
    for (const path of spellings) statuses.push((await request(limited.app).post(path).send({})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await request(limited.app).post('/api/contact/').send({})).status).toBe(429);
    // The service is sent the path the limit was matched on.
    expect(stack.upstreams.moderation.requests.slice(-5).map((r) => r.url)).toEqual(
      Array(5).fill('/api/contact'),
    );
    limited.redis.disconnect();
  });
});

describe('gateway cookies', () => {
  it("passes the auth service's Set-Cookie to the client and the client's Cookie to the service (the device cookie)", async () => {
    const seen: (string | undefined)[] = [];
    const auth = http.createServer((req, res) => {
      seen.push(req.headers.cookie);
      req.resume();
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'nsdevice=abc.def.ghi; Max-Age=100; Path=/api/auth; HttpOnly; SameSite=Strict',
      });
      res.end('{}');
    });
    await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
    const withAuth = await buildGateway(
      { ...stack.urls, auth: `http://127.0.0.1:${(auth.address() as AddressInfo).port}` },
      {},
      { isolatedLimits: true },
    );
    try {
      const res = await request(withAuth.app)
        .post('/api/auth/login')
        .set('Cookie', 'nsdevice=old.cookie.value; other=1')
        .send({ email: 'a@example.test', password: 'x' });
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toEqual([
        'nsdevice=abc.def.ghi; Max-Age=100; Path=/api/auth; HttpOnly; SameSite=Strict',
      ]);
      expect(seen).toEqual(['nsdevice=old.cookie.value; other=1']);
    } finally {
      withAuth.redis.disconnect();
      auth.closeAllConnections();
      auth.close();
    }
  });
});

describe('gateway health cache', () => {
  it('answers a burst of concurrent health calls with one check of each service', async () => {
    // A generous check budget: on a loaded machine the stand-ins may take more than the usual 300 ms.
    const fresh = await buildGateway(stack.urls, { HEALTH_TIMEOUT_MS: '5000' }, { isolatedLimits: true });
    const before = stack.upstreams.auth.healthChecks();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(fresh.app).get('/api/health')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(stack.upstreams.auth.healthChecks() - before).toBe(1);
    fresh.redis.disconnect();
  });
});

describe('gateway CSP', () => {
  it('lets pages connect to our own origin only: no ws: or wss: to any host', async () => {
    const response = await request(gateway.app).get('/');
    const csp = String(response.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(connect).toContain("'self'");
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });
});
