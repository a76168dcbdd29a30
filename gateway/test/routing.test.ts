import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import { findRoute, type ServiceName } from '@nomadswap/contracts/routes';
import { buildGateway, deadUrl, startAllUpstreams, startUpstream } from './helpers';

// Every call of the spec's section 7, with the service that owns it (design.md).
const SPEC_CALLS: [string, string, ServiceName][] = [
  ['POST', '/api/auth/login', 'auth'],
  ['POST', '/api/auth/register', 'auth'],
  ['GET', '/api/auth/me', 'auth'],
  ['GET', '/api/items/stats', 'items'],
  ['GET', '/api/items', 'items'],
  ['GET', '/api/items/65a1b2c3d4e5f60718293a4b', 'items'],
  ['POST', '/api/items', 'items'],
  ['PUT', '/api/items/65a1b2c3d4e5f60718293a4b', 'items'],
  ['DELETE', '/api/items/65a1b2c3d4e5f60718293a4b', 'items'],
  ['POST', '/api/items/65a1b2c3d4e5f60718293a4b/toggle-swapped', 'items'],
  ['POST', '/api/favorites/65a1b2c3d4e5f60718293a4b', 'items'],
  ['DELETE', '/api/favorites/65a1b2c3d4e5f60718293a4b', 'items'],
  ['GET', '/api/favorites', 'items'],
  ['GET', '/api/places', 'items'],
  ['POST', '/api/items/65a1b2c3d4e5f60718293a4b/favorite', 'items'],
  ['GET', '/api/messages', 'messaging'],
  ['POST', '/api/messages', 'messaging'],
  ['GET', '/api/users/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['PUT', '/api/users/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['POST', '/api/users/65a1b2c3d4e5f60718293a4b/avatar', 'auth'],
  ['DELETE', '/api/users/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['GET', '/api/exchanges', 'messaging'],
  ['POST', '/api/exchanges/complete', 'messaging'],
  ['GET', '/api/push/key', 'messaging'],
  ['POST', '/api/push/subscriptions', 'messaging'],
  ['DELETE', '/api/push/subscriptions', 'messaging'],
  ['GET', '/api/reviews/65a1b2c3d4e5f60718293a4b', 'moderation'],
  ['POST', '/api/reviews', 'moderation'],
  ['POST', '/api/contact', 'moderation'],
  ['POST', '/api/reports', 'moderation'],
  ['GET', '/api/reports', 'moderation'],
  ['PUT', '/api/reports/65a1b2c3d4e5f60718293a4b', 'moderation'],
  ['GET', '/api/admin/pending-users', 'auth'],
  ['GET', '/api/admin/all-users', 'auth'],
  ['GET', '/api/admin/all-items', 'items'],
  ['GET', '/api/admin/users/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['POST', '/api/admin/approve-user/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['DELETE', '/api/admin/users/65a1b2c3d4e5f60718293a4b', 'auth'],
  ['DELETE', '/api/admin/items/65a1b2c3d4e5f60718293a4b', 'items'],
  ['DELETE', '/api/admin/reviews/65a1b2c3d4e5f60718293a4b', 'moderation'],
  ['PUT', '/api/admin/users/65a1b2c3d4e5f60718293a4b/swap-count', 'auth'],
];

describe('gateway routing', () => {
  let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
  let gateway: Awaited<ReturnType<typeof buildGateway>>;

  beforeAll(async () => {
    stack = await startAllUpstreams();
    gateway = await buildGateway(stack.urls);
  });
  afterAll(async () => {
    await stack.close();
    gateway.redis.disconnect();
  });

  it.each(SPEC_CALLS)('%s %s is proxied to %s with path and query intact', async (method, path, service) => {
    expect(findRoute(path)?.service).toBe(service);
    const before = stack.upstreams[service].requests.length;
    const response = await request(gateway.app)[method.toLowerCase() as 'get'](`${path}?x=1`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ service, url: `${path}?x=1` });
    const seen = stack.upstreams[service].requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe(method);
  });

  it('forwards the request id it was given, and makes one up otherwise', async () => {
    const given = await request(gateway.app).get('/api/items').set('x-request-id', 'trace-123');
    expect(given.headers['x-request-id']).toBe('trace-123');
    expect(stack.upstreams.items.requests.at(-1)?.headers['x-request-id']).toBe('trace-123');
    const made = await request(gateway.app).get('/api/items');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells the services the exact client address', async () => {
    await request(gateway.app).get('/api/items');
    // supertest connects over loopback: the client is 127.0.0.1 (IPv4-mapped on a dual-stack socket).
    expect(stack.upstreams.items.requests.at(-1)?.headers['x-forwarded-for']).toMatch(
      /^(::ffff:)?127\.0\.0\.1$/,
    );
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await request(gateway.app).get('/api/nope/nothing');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('refuses a body larger than the route allows with a JSON 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const response = await request(gateway.app)
      .post('/api/messages')
      .set('content-type', 'application/json')
      .send(big);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets an item upload with three photos through (image routes have a larger limit)', async () => {
    const body = JSON.stringify({ images: ['a', 'b', 'c'].map(() => 'x'.repeat(3 * 1024 * 1024)) });
    const response = await request(gateway.app)
      .post('/api/items')
      .set('content-type', 'application/json')
      .send(body);
    expect(response.status).toBe(200);
  });
});

describe('gateway responses on the API path', () => {
  it('carry the same security headers as the web pages, on proxied answers and on its own errors', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway(stack.urls);
    const page = await request(gateway.app).get('/');
    const proxied = await request(gateway.app).get('/api/items');
    const unknown = await request(gateway.app).get('/api/nope');
    for (const response of [proxied, unknown]) {
      for (const header of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
      ])
        expect(response.headers[header], header).toBe(page.headers[header]);
    }
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    await stack.close();
    gateway.redis.disconnect();
  });

  it('are logged one line each in the shape the launcher prints, health checks left out', async () => {
    const stack = await startAllUpstreams();
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const gateway = await buildGateway(stack.urls, {}, { logger });
    await request(gateway.app).get('/api/items?city=Lisbon').set('x-request-id', 'log-1');
    await request(gateway.app).get('/api/nope');
    await request(gateway.app).get('/api/health');
    await request(gateway.app).get('/api/places/nearest?lat=38.7223&lon=-9.1393');
    const access = lines.filter((line) => line.req);
    expect(access).toHaveLength(3);
    // A position asked for "Use Current Location" is never written down.
    expect(access[2]).toMatchObject({ req: { url: '/api/places/nearest?lat=[redacted]&lon=[redacted]' } });
    expect(JSON.stringify(lines)).not.toContain('38.7223');
    expect(access[0]).toMatchObject({
      msg: 'request completed',
      reqId: 'log-1',
      req: { method: 'GET', url: '/api/items?city=Lisbon' },
      res: { statusCode: 200 },
    });
    expect(access[0]?.responseTime).toEqual(expect.any(Number));
    expect(access[1]).toMatchObject({ req: { url: '/api/nope' }, res: { statusCode: 404 } });
    await stack.close();
    gateway.redis.disconnect();
  });
});

describe('gateway when a service is down or slow', () => {
  it('answers 503 {error, service} at once (not after the upstream time-out) when the service refuses connections', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway({ ...stack.urls, moderation: await deadUrl() });
    const started = Date.now();
    const response = await request(gateway.app).get('/api/reports');
    // A refused connection fails at once; waiting would mean the 30 s upstream time-out. 5 s leaves room for a
    // loaded machine and still tells the two apart.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body).toMatchObject({ error: 'Service unavailable', service: 'moderation' });
    await stack.close();
    gateway.redis.disconnect();
  });

  it('answers 504 JSON instead of hanging when the service is too slow', async () => {
    const stack = await startAllUpstreams();
    const slow = await startUpstream('items', { delayMs: 2000 });
    const gateway = await buildGateway({ ...stack.urls, items: slow.url });
    const response = await request(gateway.app).get('/api/items');
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ service: 'items' });
    await Promise.all([stack.close(), slow.close()]);
    gateway.redis.disconnect();
  });
});

describe('gateway health', () => {
  it('is 200 with every service, the database and redis up', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway(stack.urls);
    const response = await request(gateway.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      services: { auth: 'up', items: 'up', messaging: 'up', moderation: 'up' },
      database: 'up',
      redis: 'up',
    });
    await stack.close();
    gateway.redis.disconnect();
  });

  it('is 503 naming the service that is down', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway({ ...stack.urls, messaging: await deadUrl() });
    const response = await request(gateway.app).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body.status).toBe('degraded');
    expect(response.body.services).toEqual({ auth: 'up', items: 'up', messaging: 'down', moderation: 'up' });
    expect(response.body.database).toBe('up');
    await stack.close();
    gateway.redis.disconnect();
  });

  it('reports the database down when a service cannot reach it', async () => {
    const stack = await startAllUpstreams();
    const sick = await startUpstream('items', { mongo: 'down' });
    const gateway = await buildGateway({ ...stack.urls, items: sick.url });
    const response = await request(gateway.app).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body.database).toBe('down');
    expect(response.body.services.items).toBe('down');
    await Promise.all([stack.close(), sick.close()]);
    gateway.redis.disconnect();
  });
});

describe('gateway rate limit', () => {
  it('answers 429 with Retry-After once a client exceeds the per-minute budget', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway(stack.urls, { API_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(gateway.app).get('/api/items')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await request(gateway.app).get('/api/items');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // Unknown paths spend the same budget: the guard runs before the route table.
    expect((await request(gateway.app).get('/api/nope')).status).toBe(429);
    await stack.close();
    gateway.redis.disconnect();
  });

  it('limits the public contact form per client across replicas (Redis), leaving other routes alone', async () => {
    const stack = await startAllUpstreams();
    const first = await buildGateway(stack.urls);
    const second = await buildGateway(stack.urls, {}, { keepLimits: true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const replica = i % 2 === 0 ? first : second;
      statuses.push((await request(replica.app).post('/api/contact').send({})).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await request(first.app).get('/api/items')).status).toBe(200);
    await stack.close();
    first.redis.disconnect();
    second.redis.disconnect();
  });
});
