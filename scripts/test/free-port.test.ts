import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_PORT_FLOOR, ephemeralLow, freePort } from '@nomadswap/dev-stores/free-port';

/** A `random` for freePort that picks exactly `ports`, in order (then the last one again). */
function picking(...ports: number[]) {
  const span = ephemeralLow() - FREE_PORT_FLOOR;
  let next = 0;
  return () => (ports[Math.min(next++, ports.length - 1)]! - FREE_PORT_FLOOR + 0.5) / span;
}

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
    servers.push(server);
  });
}

describe('freePort', () => {
  it('reads where the ephemeral range begins, and falls back to 32768 on anything else', () => {
    expect(ephemeralLow(() => '32768\t60999\n')).toBe(32768);
    expect(ephemeralLow(() => '40000 60999')).toBe(40000);
    expect(ephemeralLow(() => 'garbage')).toBe(32768);
    // A range starting at or just above the floor would leave too few ports below it.
    expect(ephemeralLow(() => `${FREE_PORT_FLOOR + 1_000} 60999`)).toBe(32768);
    expect(ephemeralLow(() => `${FREE_PORT_FLOOR + 1_001} 60999`)).toBe(FREE_PORT_FLOOR + 1_001);
    expect(
      ephemeralLow(() => {
        throw new Error('no /proc here');
      }),
    ).toBe(32768);
  });

  // The two tests below pick their ports (first in the file: no port of theirs was handed out before).
  it('skips a port something listens on', async () => {
    const taken = FREE_PORT_FLOOR + 7_000;
    await listenOn(taken);
    await expect(freePort(picking(taken, taken + 1))).resolves.toBe(taken + 1);
  });

  it('never hands out the same port twice, and asks the OS once no port of the range is left to try', async () => {
    const first = await freePort(picking(FREE_PORT_FLOOR + 4_321));
    const again = await freePort(picking(FREE_PORT_FLOOR + 4_321));
    expect(first).toBe(FREE_PORT_FLOOR + 4_321);
    expect(again).not.toBe(first);
    expect(again).toBeGreaterThanOrEqual(ephemeralLow());
  });

  it('hands out ports below the ephemeral range that outgoing connections take theirs from, each once', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(FREE_PORT_FLOOR);
      expect(port).toBeLessThan(ephemeralLow());
    }
    expect(new Set(ports).size).toBe(20);
    // Each is free: a listener binds it.
    await Promise.all(ports.map(listenOn));
  });
});
