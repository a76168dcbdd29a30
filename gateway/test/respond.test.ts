import { describe, expect, it } from 'vitest';
import { SERVICES } from '@nomadswap/contracts/routes';
import {
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
} from '@nomadswap/service-kit/errors';
import { GATEWAY_ERRORS, type PreparedError } from '../src/respond';

const parsed = (error: PreparedError) => JSON.parse(error.body.toString()) as unknown;

describe("the gateway's own error answers", () => {
  it.each([
    ['notFound', GATEWAY_ERRORS.notFound, new NotFoundError()],
    ['payloadTooLarge', GATEWAY_ERRORS.payloadTooLarge, new PayloadTooLargeError()],
    ['rateLimited', GATEWAY_ERRORS.rateLimited, new RateLimitedError(1)],
  ])('%s reads exactly as the kit’s HttpError does in a service', (_name, prepared, kitError) => {
    expect(prepared.status).toBe(kitError.status);
    expect(parsed(prepared)).toEqual(kitError.toBody());
  });

  it.each(SERVICES)('names the service %s in its 502, 503 and 504', (service) => {
    const { down, broken, timedOut } = GATEWAY_ERRORS.upstream[service];
    const unavailable = new ServiceUnavailableError().toBody();
    expect([down.status, broken.status, timedOut.status]).toEqual([503, 502, 504]);
    expect(parsed(down)).toEqual({ ...unavailable, service });
    expect(parsed(broken)).toEqual({ ...unavailable, service });
    expect(parsed(timedOut)).toEqual({ error: 'Service timed out', code: 'SERVICE_UNAVAILABLE', service });
  });
});
