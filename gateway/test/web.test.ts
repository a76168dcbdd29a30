import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { securityHeaders } from '../src/security-headers';
import { buildGateway, startAllUpstreams } from './helpers';

describe('gateway serving the web app', () => {
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

  it('serves hashed assets as immutable for a year', async () => {
    const response = await request(gateway.app).get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/browse', '/item/123', '/admin/users/42', '/some/unknown/route'])(
    'answers the client route %s with index.html, never cached',
    async (path) => {
      const response = await request(gateway.app).get(path).set('accept', 'text/html');
      expect(response.status).toBe(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('GET /api/config gives the web app the configured support address', async () => {
    const configured = await buildGateway(stack.urls, { SUPPORT_EMAIL: 'help@swap.example' });
    try {
      const response = await request(configured.app).get('/api/config');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ supportEmail: 'help@swap.example' });
      const fallback = await request(gateway.app).get('/api/config');
      expect(fallback.body).toEqual({ supportEmail: 'support@nomadswap.example' });
    } finally {
      configured.redis.disconnect();
    }
  });

  it('serves /sw.js at the root with no-cache and the service worker scope header', async () => {
    const response = await request(gateway.app).get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the manifest with its content type', async () => {
    const response = await request(gateway.app).get('/manifest.webmanifest');
    expect(response.headers['content-type']).toMatch(/application\/manifest\+json/);
  });

  it('answers a missing asset with 404 instead of the shell', async () => {
    const response = await request(gateway.app).get('/assets/missing-123.js');
    expect(response.status).toBe(404);
  });

  it('sends a strict content security policy and the other security headers', async () => {
    const response = await request(gateway.app).get('/');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  describe('security headers', () => {
    /** Every header helmet sets on a document, with its value (the gateway's one definition). */
    const full = Object.fromEntries(
      securityHeaders({ geocoderOrigin: 'https://geo.example', strictTransportSecurity: false }).map(
        ([name, value]) => [name.toLowerCase(), value],
      ),
    );
    const sent = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => name in full));

    it.each([
      '/assets/index-abc123.js',
      '/assets/index-abc123.css',
      '/prerender-gate.js',
      '/session-gate.js',
    ])(
      'a script or stylesheet the page loads, %s, carries nosniff and CORP and no document header',
      async (path) => {
        const response = await request(gateway.app).get(path).set('accept-encoding', 'br');
        expect(response.status).toBe(200);
        expect(sent(response.headers)).toEqual({
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'same-origin',
        });
        // Nor what only a document's or a download's client reads (the id is in the access log).
        for (const name of ['x-request-id', 'last-modified', 'accept-ranges'])
          expect(response.headers[name], name).toBeUndefined();
        expect(response.headers['etag']).toBeTruthy();
      },
    );

    it.each([
      ['a page', '/browse'],
      ['the shell by name', '/index.html'],
      ['the service worker', '/sw.js'],
      ['an SVG in the assets (a document when opened)', '/assets/logo-abc123.svg'],
      ['a missing asset', '/assets/missing-123.js.map'],
      ['a JSON answer', '/api/config'],
    ])('%s carries the full set', async (_what, path) => {
      const response = await request(gateway.app).get(path).set('accept', 'text/html');
      expect(Object.keys(full).length).toBeGreaterThan(8);
      expect(full['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(sent(response.headers)).toEqual(
        // The test gateway's geocoder origin is its config's, not the one above.
        { ...full, 'content-security-policy': response.headers['content-security-policy'] },
      );
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
