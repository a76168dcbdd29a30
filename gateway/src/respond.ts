import type { ServerResponse } from 'node:http';
import { MSG } from '@nomadswap/contracts/messages';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import {
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
} from '@nomadswap/service-kit/errors';

/** An error answer of the gateway's own, serialised once at start: the hot path only writes bytes. */
export interface PreparedError {
  readonly status: number;
  readonly body: Buffer;
}

function prepare(error: HttpError, extra: Record<string, string> = {}): PreparedError {
  return { status: error.status, body: Buffer.from(JSON.stringify({ ...error.toBody(), ...extra })) };
}

/** What a service's proxy answers when it cannot get a reply: each names the service. */
export interface UpstreamErrors {
  /** 503: nothing is listening there. */
  down: PreparedError;
  /** 502: it broke mid-way. */
  broken: PreparedError;
  /** 504: it took longer than UPSTREAM_TIMEOUT_MS. */
  timedOut: PreparedError;
}

/**
 * Every error body the gateway writes itself, from the service kit's HttpError classes, so that they read exactly
 * like the services' (`{error, code}`, design.md "API conventions"). Per-request headers (Retry-After) are given
 * when sending.
 */
export const GATEWAY_ERRORS = {
  notFound: prepare(new NotFoundError()),
  payloadTooLarge: prepare(new PayloadTooLargeError()),
  rateLimited: prepare(new RateLimitedError(1)),
  /** 408: the request's body stalled (node answers a stalled header block itself). */
  requestTimeout: prepare(new HttpError(408, 'REQUEST_TIMEOUT', 'Request timed out')),
  upstream: Object.fromEntries(
    SERVICES.map((service) => [
      service,
      {
        down: prepare(new ServiceUnavailableError(), { service }),
        broken: prepare(new HttpError(502, 'SERVICE_UNAVAILABLE', MSG.serviceUnavailable), { service }),
        timedOut: prepare(new HttpError(504, 'SERVICE_UNAVAILABLE', 'Service timed out'), { service }),
      },
    ]),
  ) as Record<ServiceName, UpstreamErrors>,
} as const;

/**
 * Writes a prepared error (JSON, never cached); a response already under way is cut instead, one already complete
 * is left alone.
 */
export function sendError(
  res: ServerResponse,
  error: PreparedError,
  extraHeaders: Record<string, string> = {},
) {
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(error.body.length),
    'cache-control': 'no-store',
    ...extraHeaders,
  });
  res.end(error.body);
}
