import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

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

export function writeHeaders(res: ServerResponse, headers: ReadonlyArray<readonly [string, string]>) {
  for (const [name, value] of headers) res.setHeader(name, value);
}
