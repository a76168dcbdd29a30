import http from 'node:http';
import type { ServiceName } from '@nomadswap/contracts/routes';
import type { GatewayConfig } from './config';

/** Every service's replicas, in the order its variable lists them (at least one each). */
export type Upstreams = Record<ServiceName, readonly string[]>;

export function upstreamsFrom(config: GatewayConfig): Upstreams {
  return {
    auth: config.AUTH_URL,
    items: config.ITEMS_URL,
    messaging: config.MESSAGING_URL,
    moderation: config.MODERATION_URL,
  };
}

/** How long a replica that refused a connection is passed over (unless every replica is). */
export const REFUSED_BACKOFF_MS = 1_000;

/**
 * Round robin over a service's replicas. Picking allocates nothing: a counter, and a clock read only while some
 * replica is benched after refusing a connection (then it is skipped for {@link REFUSED_BACKOFF_MS}, so a
 * stopped replica costs one failed request a second instead of one in N).
 */
export class RoundRobin {
  private counter = 0;
  private benched = 0;
  private readonly downUntil: number[];

  constructor(readonly size: number) {
    this.downUntil = Array.from({ length: size }, () => 0);
  }

  pick(): number {
    if (this.size === 1) return 0;
    const first = this.counter++ % this.size;
    if (this.benched === 0) return first;
    const now = Date.now();
    for (let step = 0; step < this.size; step++) {
      const index = (first + step) % this.size;
      if (this.downUntil[index]! <= now) {
        this.counter += step;
        return index;
      }
    }
    return first;
  }

  /** The replica refused a connection: skip it for a while. */
  bench(index: number): void {
    if (this.size === 1) return;
    this.downUntil[index] = Date.now() + REFUSED_BACKOFF_MS;
    this.benched++;
    setTimeout(() => this.benched--, REFUSED_BACKOFF_MS).unref();
  }
}

/** One keep-alive agent for all upstreams: reusing sockets is most of the gateway's latency budget. */
export const upstreamAgent = new http.Agent({
  keepAlive: true,
  maxSockets: 512,
  maxFreeSockets: 64,
  timeout: 60_000,
});
