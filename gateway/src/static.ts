import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/** Files that must be revalidated on every visit so a new deploy is picked up at once. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', 'offline.html']);

/**
 * Serves the built web app: hashed assets cached for a year, the shell and service worker never cached, the
 * manifest with its own content type, and the SPA's index.html for every client route.
 */
export function webApp(distDir: string): RequestHandler[] {
  const indexFile = path.join(distDir, 'index.html');
  const serveStatic = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders(res, filePath) {
      const base = path.basename(filePath);
      const rel = path.relative(distDir, filePath).split(path.sep).join('/');
      if (rel.startsWith('assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (NO_CACHE.has(base) || base.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
      if (base === 'sw.js') res.setHeader('Service-Worker-Allowed', '/');
      if (base === 'manifest.webmanifest') res.setHeader('Content-Type', 'application/manifest+json');
    },
  });
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/socket.io'))
      return next();
    // A missing hashed asset is a 404, not the shell: the browser would try to run HTML as a script.
    if (req.path.startsWith('/assets/') || path.extname(req.path) !== '') return next();
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
  return [serveStatic, spaFallback];
}
