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
