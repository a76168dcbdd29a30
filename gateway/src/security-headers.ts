import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { PRERENDER_GATE_PATH } from '@nomadswap/contracts/early-paint';
import { SESSION_GATE_PATH } from '@nomadswap/contracts/render-session';

export interface SecurityHeaderOptions {
  geocoderOrigin: string;
  /** HSTS only where the gateway is served over HTTPS (production). */
  strictTransportSecurity: boolean;
}

function contentSecurityPolicy(geocoderOrigin: string) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers our own origin's WebSocket (ws: on http, wss: on https; CSP3, checked in e2e/tests/csp.spec.ts).
      connectSrc: ["'self'", geocoderOrigin],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The security headers helmet would set, computed once. Our policy does not depend on the request, so instead of
 * running helmet's dozen middlewares on every request, the gateway asks helmet once (on a recording response)
 * and then writes the recorded list; helmet stays the one definition of the header values.
 */
export function securityHeaders(options: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  const recorded: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  let finished = false;
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(options.geocoderOrigin),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.strictTransportSecurity,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  // helmet runs synchronously; if a future version did not, the recorded list would be incomplete.
  if (!finished) throw new Error('helmet did not finish synchronously; security headers unknown');
  return recorded;
}

/**
 * Of those headers, what a script or stylesheet needs. CSP, COOP, framing, Permissions-Policy and the rest rule a
 * document or a worker (or a JSON answer opened as a page); on a subresource the browser reads none of them, and
 * on a phone they were about 1 KiB of every script it loads. `nosniff` keeps a file from running as another type,
 * CORP keeps other origins from loading ours.
 */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

export function subresourceHeaders(
  headers: ReadonlyArray<readonly [string, string]>,
): ReadonlyArray<readonly [string, string]> {
  return headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()));
}

/**
 * The build's hashed scripts and stylesheets, and the gates (prerender and session): loaded by a page, never opened as one or run
 * as a worker (the service worker is `/sw.js`). Other files in `/assets` (an SVG is a document when opened) and
 * every other path keep the full set.
 */
const SUBRESOURCE = /^\/assets\/[^/]+\.(?:js|css)$/;

export function isSubresource(path: string): boolean {
  return SUBRESOURCE.test(path) || path === PRERENDER_GATE_PATH || path === SESSION_GATE_PATH;
}

export function writeHeaders(res: ServerResponse, headers: ReadonlyArray<readonly [string, string]>) {
  for (const [name, value] of headers) res.setHeader(name, value);
}
