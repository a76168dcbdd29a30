import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@nomadswap/contracts/routes';
import { answerToUnfinishedBody } from '@nomadswap/service-kit/testing-http';
import { buildGateway, startAllUpstreams } from './helpers';

let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  stack = await startAllUpstreams();
  gateway = await buildGateway(stack.urls, {}, { isolatedLimits: true });
  server = http.createServer(gateway.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stack.close();
  gateway.redis.disconnect();
});

/** Sends `bytes` of body chunked (no Content-Length) and waits for the answer. */
function sendChunked(path: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

describe('gateway body limits on streamed bodies', () => {
  it('cuts a chunked body past the route limit with a JSON 413, without waiting for its end', async () => {
    const before = stack.upstreams.messaging.requests.length;
    const answer = await answerToUnfinishedBody(`${baseUrl}/api/messages`, {
      stopAfterBytes: 4 * BODY_LIMITS.json,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    // Whatever reached the service was cut off: it never answered that request.
    expect(stack.upstreams.messaging.requests.length - before).toBeLessThanOrEqual(1);
  });

  it('lets a chunked body within the limit through, and more than 1 MB on an upload route', async () => {
    expect(await sendChunked('/api/messages', 256 * 1024)).toBe(200);
    expect(await sendChunked('/api/items', 3 * 1024 * 1024)).toBe(200);
  });

  it('refuses a declared body past an upload route limit at once', async () => {
    const answer = await answerToUnfinishedBody(`${baseUrl}/api/users/65a1b2c3d4e5f60718293a4b/avatar`, {
      declaredBytes: BODY_LIMITS.avatar + 1,
      stopAfterBytes: 0,
    });
    expect(answer.status).toBe(413);
  });
});
