import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, startAllUpstreams } from './helpers';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded (supertest would inflate them). */
  body: Buffer;
}

describe('gateway serving precompressed web assets', () => {
  let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
  let gateway: Awaited<ReturnType<typeof buildGateway>>;
  let server: http.Server;
  let base: string;

  function get(urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}${urlPath}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  }

  const original = (file: string) => fs.readFileSync(path.join(gateway.config.WEB_DIST, file));

  beforeAll(async () => {
    stack = await startAllUpstreams();
    gateway = await buildGateway(stack.urls);
    server = http.createServer(gateway.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stack.close();
    gateway.redis.disconnect();
  });

  it('sends the Brotli twin of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.body)).toEqual(original('assets/index-abc123.js'));
  });

  it('sends the gzip twin when gzip is all the client accepts', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(response.body)).toEqual(original('assets/index-abc123.js'));
  });

  it.each([
    ['no Accept-Encoding', {}],
    ['identity only', { 'accept-encoding': 'identity' }],
    ['every encoding refused', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
    ['an encoding the build has no twin for', { 'accept-encoding': 'deflate' }],
  ])('sends the file as it is with %s', async (_name, headers: Record<string, string>) => {
    const response = await get('/assets/index-abc123.js', headers);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toEqual(original('assets/index-abc123.js'));
  });

  it('gives each encoding its own ETag, and revalidates each against its own', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(
        async (encoding) => (await get('/sw.js', { 'accept-encoding': encoding })).headers.etag,
      ),
    );
    expect(tags.every(Boolean)).toBe(true);
    expect(new Set(tags).size).toBe(3);
    const [brTag] = tags as [string, string, string];
    const revalidated = await get('/sw.js', { 'accept-encoding': 'br', 'if-none-match': brTag });
    expect(revalidated.status).toBe(304);
    const otherEncoding = await get('/sw.js', { 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect(otherEncoding.status).toBe(200);
  });

  it('keeps the service worker never cached, with its scope header, when compressed', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it("revalidates the service worker's push handlers (importScripts) like the worker itself", async () => {
    const response = await get('/push-sw.js', { 'accept-encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('keeps the manifest content type when compressed', async () => {
    const response = await get('/manifest.webmanifest', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/browse', '/item/123'])(
    'answers the client route %s with compressed index.html',
    async (route) => {
      const response = await get(route, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.body).toString()).toContain('<div id="root">');
    },
  );

  it('answers a missing hashed asset with 404 whatever the client accepts', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/missing-123.js', { 'accept-encoding': encoding });
      expect(response.status).toBe(404);
    }
  });

  it('does not serve the twins by their own names', async () => {
    expect((await get('/assets/index-abc123.js.br')).status).toBe(404);
    expect((await get('/index.html.gz')).status).toBe(404);
  });

  it('sends files without twins (images) as they are', async () => {
    const response = await get('/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/assets/%E0%A4%A.js', '/%E0%A4%A', '/assets/%'])(
    'answers the malformed path %s without a 500',
    async (bad) => {
      const response = await get(bad, { 'accept-encoding': 'br' });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(500);
    },
  );

  it('does not fail on a malformed Accept-Encoding', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': ';q=,br;q=x,,gzip;;' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
