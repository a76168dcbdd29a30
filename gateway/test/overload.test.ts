import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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
  const server = http.createServer(gateway.app);
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
