import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import { ServiceHealthSchema, type HealthResponse, type ServiceHealth } from '@nomadswap/contracts/responses';
import type { Upstreams } from './upstreams';

async function probe(baseUrl: string, timeoutMs: number): Promise<ServiceHealth | undefined> {
  try {
    const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    const parsed = ServiceHealthSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A service with replicas reports its worst one: every replica must answer ok for the service to be up. */
async function probeAll(baseUrls: readonly string[], timeoutMs: number): Promise<ServiceHealth | undefined> {
  const reports = await Promise.all(baseUrls.map((url) => probe(url, timeoutMs)));
  const worst = reports.findIndex((r) => r?.status !== 'ok');
  return reports[worst === -1 ? 0 : worst];
}

/**
 * Aggregates every service's own health. The database and Redis count as up only when every service
 * reaches them; a service that does not answer in time is down and tells us nothing about the stores.
 */
export async function aggregateHealth(upstreams: Upstreams, timeoutMs: number): Promise<HealthResponse> {
  const reports = await Promise.all(
    SERVICES.map(async (name) => [name, await probeAll(upstreams[name], timeoutMs)] as const),
  );
  const services = {} as Record<ServiceName, 'up' | 'down'>;
  for (const [name, report] of reports) services[name] = report?.status === 'ok' ? 'up' : 'down';
  const answered = reports.map(([, r]) => r).filter((r): r is ServiceHealth => r !== undefined);
  const store = (key: 'mongo' | 'redis') =>
    answered.length > 0 && answered.every((r) => r[key] === 'up') ? ('up' as const) : ('down' as const);
  const database = store('mongo');
  const redis = store('redis');
  const allUp = Object.values(services).every((s) => s === 'up') && database === 'up' && redis === 'up';
  return { status: allUp ? 'ok' : 'degraded', services, database, redis };
}

/** How long one aggregated answer serves every `/api/health` call: a burst causes one fan-out per window. */
export const HEALTH_CACHE_MS = 1_000;

/**
 * `aggregateHealth` shared: calls while a check is under way wait for that check, calls within
 * {@link HEALTH_CACHE_MS} after it finished get its answer. Each service's /healthz pings its stores, so an
 * uncached public health endpoint would let anyone multiply load on every service and the database.
 */
export function cachedHealth(
  upstreams: Upstreams,
  timeoutMs: number,
  windowMs = HEALTH_CACHE_MS,
): () => Promise<HealthResponse> {
  let latest: Promise<HealthResponse> | undefined;
  let pending = false;
  let settledAt = -Infinity;
  return () => {
    if (latest && (pending || Date.now() - settledAt < windowMs)) return latest;
    pending = true;
    latest = aggregateHealth(upstreams, timeoutMs).finally(() => {
      pending = false;
      settledAt = Date.now();
    });
    return latest;
  };
}
