import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@nomadswap/contracts/responses';
import { LIMITS } from '@nomadswap/contracts/enums';
import { apiGet, isApiError } from '../../../lib/api-client';

/**
 * GET /api/health. The gateway answers 200 when everything is up and 503 with the same body when
 * something is down, so a 503 still tells us *what* is down. Anything else (network error, HTML error
 * page, unexpected shape) throws.
 */
export async function getHealth(): Promise<HealthResponse> {
  let body: unknown;
  try {
    body = await apiGet('/api/health');
  } catch (error) {
    if (!isApiError(error) || error.status !== 503) throw error;
    body = error.data;
  }
  if (!isHealthResponse(body)) throw new Error('Unexpected /api/health response');
  return body;
}

const STATES = new Set(['up', 'down']);
const SERVICES = ['auth', 'items', 'messaging', 'moderation'] as const;

/**
 * The shape of `HealthResponseSchema` (contracts), checked by hand: the shell polls this on every page and
 * should not pull zod into the first-load bundle for it.
 */
function isHealthResponse(value: unknown): value is HealthResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { status, services, database, redis } = value as Record<string, unknown>;
  if (status !== 'ok' && status !== 'degraded') return false;
  if (!STATES.has(database as string) || !STATES.has(redis as string)) return false;
  if (typeof services !== 'object' || services === null) return false;
  return SERVICES.every((name) => STATES.has((services as Record<string, unknown>)[name] as string));
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: getHealth,
    // The one polled query (spec section 7).
    refetchInterval: LIMITS.healthPollMs,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}

export interface HealthSummary {
  /** The gateway answered and every service (and the shared Redis) is up. */
  api: boolean;
  /** Every service reaches its database. */
  database: boolean;
}

/** Reduces the health answer (or its absence, when the call failed) to the banner's two indicators. */
export function summarizeHealth(health: HealthResponse | undefined): HealthSummary {
  if (!health) return { api: false, database: false };
  const servicesUp = Object.values(health.services).every((state) => state === 'up');
  return { api: servicesUp && health.redis === 'up', database: health.database === 'up' };
}
