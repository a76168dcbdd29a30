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
