import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceHealthSchema } from '@nomadswap/contracts/responses';
import { createServiceApp, uploadBody } from '../src/app';
import { requireUser } from '../src/auth';
import { NotFoundError } from '../src/errors';
import { createLogger } from '../src/logger';
import { closeRedis, createRedis } from '../src/redis';
import { createTestStores, deadRedisUrl, type TestStores } from '../src/testing';
import { answerToUnfinishedBody } from '../src/testing-http';

let stores: TestStores;
beforeAll(async () => {
  stores = await createTestStores({ service: 'kit-app' });
});
afterAll(() => stores.close());

function buildApp(overrides: Partial<Parameters<typeof createServiceApp>[0]> = {}) {
  return createServiceApp({
    name: 'items',
    logger: stores.logger,
    health: { mongo: stores.mongo, redis: stores.redis },
    routes: (app) => {
      const router = express.Router();
      router.get('/:id', (req, res) => {
        if (req.params.id === 'missing') throw new NotFoundError('Item not found');
        res.json({ id: req.params.id, ip: req.ip });
      });
      router.post('/', requireUser, uploadBody('images'), (req, res) => res.status(201).json(req.body));
      router.post('/:id/notes', (req, res) => res.status(201).json(req.body));
      app.use('/api/items', stores.auth.authenticate, router);
    },
    ...overrides,
  });
}

describe('createServiceApp', () => {
  it('GET /healthz answers 200 with mongo and redis up', async () => {
    const res = await request(buildApp()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'items', mongo: 'up', redis: 'up' });
    expect(ServiceHealthSchema.parse(res.body)).toEqual(res.body);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when Redis is unreachable, /healthz answers 503 redis down in well under 2 s', async () => {
    const dead = createRedis(await deadRedisUrl(), { name: 'dead' });
    try {
      const started = Date.now();
      const res = await request(buildApp({ health: { mongo: stores.mongo, redis: dead } })).get('/healthz');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded', service: 'items', mongo: 'up', redis: 'down' });
    } finally {
      await closeRedis(dead);
    }
  });

  it('when Redis accepts the connection but never answers, /healthz still answers within a second', async () => {
    // A black hole: TCP connects, no reply ever comes back.
    const sockets: Socket[] = [];
    const blackHole = createNetServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const silent = createRedis(`redis://127.0.0.1:${(blackHole.address() as AddressInfo).port}`, {
      name: 'silent',
    });
    try {
      const started = Date.now();
      const res = await request(buildApp({ health: { mongo: stores.mongo, redis: silent } })).get('/healthz');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(res.status).toBe(503);
      expect(res.body.redis).toBe('down');
    } finally {
      silent.disconnect();
      for (const socket of sockets) socket.destroy();
      blackHole.close();
    }
  });

  it('when MongoDB is closed, /healthz answers 503 mongo down', async () => {
    const { connectMongo } = await import('../src/mongo');
    const closed = await connectMongo({ url: stores.mongoUrl, dbName: stores.dbName });
    await closed.close();
    const res = await request(buildApp({ health: { mongo: closed, redis: stores.redis } })).get('/healthz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ mongo: 'down', redis: 'up' });
  });

  it('echoes a sane incoming x-request-id and generates one otherwise', async () => {
    const app = buildApp();
    const given = await request(app).get('/healthz').set('x-request-id', 'gw-42.abc');
    expect(given.headers['x-request-id']).toBe('gw-42.abc');
    const generated = await request(app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await request(app).get('/healthz').set('x-request-id', 'a b <script>');
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs each request as JSON with its request id and without the Authorization header', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const session = await stores.signIn();
    const app = buildApp({ logger: createLogger('items', 'info', destination) });
    await request(app).get('/api/items/abc').set(session.headers).set('x-request-id', 'log-test-1');
    const entry = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === 'log-test-1');
    expect(entry).toMatchObject({ name: 'items', msg: 'request completed', res: { statusCode: 200 } });
    expect(lines.join('')).not.toContain(session.token);
  });

  it('logs a request with a position in its query with the position redacted', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = buildApp({ logger: createLogger('items', 'info', destination) });
    await request(app).get('/api/places/nearest?lat=38.7223&lon=-9.1393').set('x-request-id', 'log-position');
    const entry = lines
      .map((l) => JSON.parse(l) as { requestId?: string; req?: { url?: string } })
      .find((l) => l.requestId === 'log-position');
    expect(entry?.req?.url).toBe('/api/places/nearest?lat=[redacted]&lon=[redacted]');
    expect(lines.join('')).not.toContain('38.7223');
    expect(lines.join('')).not.toContain('9.1393');
  });

  it('sets API security headers and hides the framework', async () => {
    const res = await request(buildApp()).get('/healthz');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('mounts the service routes, then answers unknown paths with JSON 404 and errors with the error model', async () => {
    const app = buildApp();
    expect((await request(app).get('/api/items/abc')).body).toMatchObject({ id: 'abc' });
    const missing = await request(app).get('/api/items/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Item not found', code: 'NOT_FOUND' });
    const unknown = await request(app).get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('runs routes behind authenticate: a bad token is a 401 from the error model', async () => {
    const res = await request(buildApp()).get('/api/items/abc').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid or expired token', code: 'INVALID_TOKEN' });
  });

  it('trusts X-Forwarded-For from the gateway on loopback', async () => {
    const res = await request(buildApp()).get('/api/items/abc').set('X-Forwarded-For', '203.0.113.9');
    expect(res.body.ip).toBe('203.0.113.9');
  });

  it('accepts JSON bodies up to bodyLimit and answers 413 File too large beyond it', async () => {
    const app = buildApp({ bodyLimit: 2_000 });
    expect(
      (
        await request(app)
          .post('/api/items/abc/notes')
          .send({ text: 'x'.repeat(1_000) })
      ).status,
    ).toBe(201);
    const tooBig = await request(app)
      .post('/api/items/abc/notes')
      .send({ text: 'x'.repeat(3_000) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('parses at most 1 MB by default: 2 MB of JSON to an ordinary route is 413 in the error format', async () => {
    const res = await request(buildApp())
      .post('/api/items/abc/notes')
      .send({ text: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it("leaves an upload route's body to the route: more than 1 MB once authenticated, 401 without reading it otherwise", async () => {
    const session = await stores.signIn();
    const app = buildApp();
    const big = await request(app)
      .post('/api/items')
      .set(session.headers)
      .send({ text: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(201);
    expect(big.body.text).toHaveLength(2 * 1024 * 1024);

    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // 40 MB announced, 1 MB sent: the answer comes without the rest of the body.
      const answer = await answerToUnfinishedBody(`http://127.0.0.1:${port}/api/items`, {
        declaredBytes: 40 * 1024 * 1024,
        stopAfterBytes: 1024 * 1024,
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('exposes Prometheus metrics with default metrics and request durations by route template', async () => {
    const app = buildApp();
    await request(app).get('/api/items/abc');
    await request(app).get('/api/items/missing');
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    const count = (status: number) =>
      new RegExp(
        `http_request_duration_seconds_count\\{[^}]*route="/api/items/:id",status_code="${status}"[^}]*\\} 1\\n`,
      );
    expect(res.text).toMatch(count(200));
    expect(res.text).toMatch(count(404));
    expect(res.text).toContain('service="items"');
  });
});
