import fs from 'node:fs';
import net from 'node:net';

/*
 * A port handed out here is bound later by another process (a service the launcher starts, a test's server), so
 * something else may take it in between. Port 0 gives a port from the OS's ephemeral range, the range every
 * outgoing connection on the machine also takes its local port from: with test suites or mutation runs opening
 * thousands of connections beside it, the launcher's items service once lost its port that way (EADDRINUSE) and
 * the whole stack stopped. Ports below that range are never given to outgoing connections, so they are chosen
 * from there: at random, checked free, and never twice by one process.
 */

/** The first port of the range handed out (above the fixed ports of e2e and the benches, 8180 and 18xxx); the range
 * ends where the OS's ephemeral ports begin. */
export const FREE_PORT_FLOOR = 20_000;
/** Linux's default start of the ephemeral range (macOS's starts higher, at 49152). */
const DEFAULT_EPHEMERAL_LOW = 32_768;

/** Where the OS's ephemeral (outgoing) ports begin, from `ip_local_port_range` on Linux. */
export function ephemeralLow(
  read: () => string = () => fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): number {
  try {
    const low = Number(read().trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > FREE_PORT_FLOOR + 1_000 && low <= 65_535
      ? low
      : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

const handedOut = new Set<number>();

/** Whether a listener can bind `port` on the loopback interface now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Asks the OS for a port of its ephemeral range (the last resort). */
function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A free TCP port on the loopback interface, below the OS's ephemeral range (see above), not handed out before by
 * this process. `random` picks within the range (tests pass their own).
 */
export async function freePort(random: () => number = Math.random): Promise<number> {
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FREE_PORT_FLOOR + Math.floor(random() * (high - FREE_PORT_FLOOR));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  return ephemeralPort();
}

/** Resolves once something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
