import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { SERVICES, type ServiceName } from '@nomadswap/contracts/routes';
import type { Upstreams } from './upstreams';

/** Every address a host name resolves to. */
export type ResolveAll = (host: string) => Promise<string[]>;

const resolveAll: ResolveAll = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * A service's upstream list with every host name replaced by one URL per address it resolves to, sorted so the
 * order (and so the index in the messaging replica cookie) stays the same while the set does. On docker-compose's
 * network a service name resolves to all of its containers: this is how the gateway sees each replica and can
 * round-robin per request and route a Socket.IO session back to its replica — a single name would leave the
 * choice to the resolver, which keep-alive connections pin to one address. Entries given as addresses are kept;
 * a name that does not resolve right now is kept as it is, so the proxy's errors report it.
 */
export async function expandUpstreams(targets: readonly string[], resolve = resolveAll): Promise<string[]> {
  const expanded = await Promise.all(
    targets.map(async (target) => {
      const url = new URL(target);
      if (net.isIP(url.hostname.replace(/^\[|\]$/g, ''))) return [target];
      const addresses = await resolve(url.hostname).catch(() => []);
      if (addresses.length === 0) return [target];
      return addresses.map((address) => {
        const one = new URL(target);
        one.hostname = net.isIPv6(address) ? `[${address}]` : address;
        return one.origin + (one.pathname === '/' ? '' : one.pathname);
      });
    }),
  );
  return [...new Set(expanded.flat())].sort();
}

/**
 * Re-resolves every service's configured upstreams every `intervalMs` (UPSTREAM_DISCOVERY_MS) and reports a
 * service whose replicas changed — scaled up or down, or a container back with a new address. The first
 * resolution starts at once; `refresh()` runs one now (tests, and the first one's promise).
 */
export function watchUpstreams(
  configured: Upstreams,
  options: {
    intervalMs: number;
    onChange: (service: ServiceName, targets: string[]) => void;
    resolve?: ResolveAll;
  },
) {
  const current = new Map<ServiceName, string>();
  // One resolution at a time: a slow resolver must not let an older answer land after a newer one.
  let running: Promise<void> | undefined;
  function refresh(): Promise<void> {
    running ??= resolveAllServices().finally(() => (running = undefined));
    return running;
  }
  async function resolveAllServices(): Promise<void> {
    await Promise.all(
      SERVICES.map(async (service) => {
        const targets = await expandUpstreams(configured[service], options.resolve);
        const key = targets.join(',');
        const known = current.get(service) ?? configured[service].join(',');
        current.set(service, key);
        if (key !== known) options.onChange(service, targets);
      }),
    );
  }
  const first = refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs);
  timer.unref();
  return { first, refresh, stop: () => clearInterval(timer) };
}
