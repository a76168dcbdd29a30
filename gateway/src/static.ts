import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Files that must be revalidated on every visit so a new deploy is picked up at once. */
// push-sw.js is the service worker's own code (importScripts): revalidated like sw.js.
const NO_CACHE = new Set([
  'index.html',
  'sw.js',
  'push-sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'offline.html',
]);

/** The build's precompressed twins (web/vite.config.ts): never asked for by name, only chosen by negotiation. */
const COMPRESSED_TWIN = /\.(br|gz)$/;

function setCacheHeaders(distDir: string) {
  return (res: ServerResponse, filePath: string) => {
    // The file sent may be a twin (`sw.js.br`): its rules are those of the file it stands for.
    const sent = filePath.replace(COMPRESSED_TWIN, '');
    const base = path.basename(sent);
    const rel = path.relative(distDir, sent).split(path.sep).join('/');
    if (rel.startsWith('assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (NO_CACHE.has(base) || base.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
    else res.setHeader('Cache-Control', 'public, max-age=3600');
    if (base === 'sw.js') res.setHeader('Service-Worker-Allowed', '/');
    if (base === 'manifest.webmanifest') res.setHeader('Content-Type', 'application/manifest+json');
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, the shell and service worker never cached, the
 * manifest with its own content type, and the SPA's index.html for every client route. Text files go out as the
 * build's Brotli or gzip twin when the client accepts one (`Vary: Accept-Encoding`; each twin has its own ETag),
 * chosen by express-static-gzip. It lists the twins when the gateway starts: a web build made while the gateway
 * runs is served, but uncompressed until the next start.
 */
export function webApp(distDir: string): RequestHandler[] {
  const serveStatic = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    // No Last-Modified (the ETag revalidates the few files that are revalidated; hashed ones never are) and no
    // Accept-Ranges (nothing here is fetched in parts): 67 bytes of every script a phone loads (issue 25).
    serveStatic: {
      index: false,
      fallthrough: true,
      lastModified: false,
      acceptRanges: false,
      setHeaders: setCacheHeaders(distDir),
    },
  }) as RequestHandler;
  const assets: RequestHandler = (req, res, next) => {
    if (COMPRESSED_TWIN.test(req.path)) return next();
    serveStatic(req, res, next);
  };
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/socket.io'))
      return next();
    // A missing hashed asset is a 404, not the shell: the browser would try to run HTML as a script.
    if (req.path.startsWith('/assets/') || path.extname(req.path) !== '') return next();
    req.url = '/index.html';
    serveStatic(req, res, (error?: unknown) => {
      if (error) return next(error);
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it).');
    });
  };
  return [assets, spaFallback];
}
