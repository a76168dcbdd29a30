import '@nomadswap/dev-stores/vitest-context';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { inject } from 'vitest';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { GatewayEnvSchema } from '../src/config';
import { createGateway } from '../src/app';
import type { ResolveAll } from '../src/discovery';

export interface Upstream {
  url: string;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  /** How many /healthz calls it answered. */
  healthChecks(): number;
  close(): Promise<void>;
}

/** A stand-in service: answers /healthz like the real ones and echoes every other request. */
export async function startUpstream(
  name: ServiceName,
  options: { delayMs?: number; mongo?: 'up' | 'down'; host?: string; port?: number } = {},
) {
  const requests: Upstream['requests'] = [];
  let healthChecks = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/healthz') {
      healthChecks += 1;
      const mongo = options.mongo ?? 'up';
      res.writeHead(mongo === 'up' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ status: mongo === 'up' ? 'ok' : 'degraded', service: name, mongo, redis: 'up' }),
      );
      return;
    }
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const reply = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: name, url: req.url }));
    };
    req.resume();
    req.on('end', () => (options.delayMs ? setTimeout(reply, options.delayMs) : reply()));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    healthChecks: () => healthChecks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Upstream;
}

/** A port nothing listens on: bind, read the port, close. */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A fake web build with the files the gateway treats specially. */
export function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>NomadSwap</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'prerender-gate.js'), 'void 0');
  fs.writeFileSync(path.join(dir, 'session-gate.js'), 'void 0');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dir, 'push-sw.js'), 'self.addEventListener("push", () => {})');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"NomadSwap"}');
  fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // The build's Brotli and gzip twins of the text files (web/vite.config.ts).
  for (const file of ['index.html', 'assets/index-abc123.js', 'sw.js', 'manifest.webmanifest']) {
    const source = fs.readFileSync(path.join(dir, file));
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(source));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(source));
  }
  return dir;
}

export async function buildGateway(
  urls: Partial<Record<ServiceName, string>>,
  env: Record<string, string> = {},
  options: { keepLimits?: boolean; logger?: Logger; isolatedLimits?: boolean; resolve?: ResolveAll } = {},
) {
  // Isolated limits live under a key prefix of their own, out of reach of other files clearing `rl:gateway:*`.
  const keyPrefix = options.isolatedLimits ? `test:${randomUUID()}:` : '';
  const redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 1, keyPrefix });
  const stale = options.keepLimits || options.isolatedLimits ? [] : await redis.keys('rl:gateway:*');
  if (stale.length > 0) await redis.del(...stale);
  const config = GatewayEnvSchema.parse({
    AUTH_URL: urls.auth,
    ITEMS_URL: urls.items,
    MESSAGING_URL: urls.messaging,
    MODERATION_URL: urls.moderation,
    WEB_DIST: makeWebDist(),
    UPSTREAM_TIMEOUT_MS: '500',
    HEALTH_TIMEOUT_MS: '300',
    ...env,
  });
  const gateway = createGateway({
    config,
    logger: options.logger ?? pino({ level: 'silent' }),
    redis,
    resolve: options.resolve,
  });
  return { ...gateway, redis, config };
}

export async function startAllUpstreams() {
  const entries = await Promise.all(SERVICES.map(async (s) => [s, await startUpstream(s)] as const));
  const upstreams = Object.fromEntries(entries) as Record<ServiceName, Upstream>;
  const urls = Object.fromEntries(entries.map(([s, u]) => [s, u.url])) as Record<ServiceName, string>;
  return { upstreams, urls, close: () => Promise.all(entries.map(([, u]) => u.close())) };
}
