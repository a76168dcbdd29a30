import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { loadGatewayConfig } from '../src/config';
import { expandUpstreams, type ResolveAll } from '../src/discovery';
import { buildGateway, startAllUpstreams, startUpstream } from './helpers';

/** A resolver from a table the test changes, as docker-compose's DNS changes when a service is scaled. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: ResolveAll = async (host) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  return { table, asked, resolve };
}

describe('expanding upstream host names into their replicas', () => {
  it('gives one URL per address a name resolves to, sorted, and keeps addresses and unresolvable names as they are', async () => {
    const dns = fakeDns({ items: ['172.18.0.7', '172.18.0.5'], v6: ['fd00::2'] });
    expect(await expandUpstreams(['http://items:4002'], dns.resolve)).toEqual([
      'http://172.18.0.5:4002',
      'http://172.18.0.7:4002',
    ]);
    expect(await expandUpstreams(['http://10.0.0.1:4002', 'http://v6:4002'], dns.resolve)).toEqual([
      'http://10.0.0.1:4002',
      'http://[fd00::2]:4002',
    ]);
    expect(await expandUpstreams(['http://gone:4002'], dns.resolve)).toEqual(['http://gone:4002']);
    expect(dns.asked).toEqual(['items', 'v6', 'gone']);
  });
});

describe('gateway with UPSTREAM_DISCOVERY_MS: a service name standing for its replicas', () => {
  it('takes 0 (off, the default) and any positive interval; a negative one stops the start naming the variable', () => {
    expect(loadGatewayConfig({}).UPSTREAM_DISCOVERY_MS).toBe(0);
    expect(loadGatewayConfig({ UPSTREAM_DISCOVERY_MS: '0' }).UPSTREAM_DISCOVERY_MS).toBe(0);
    expect(loadGatewayConfig({ UPSTREAM_DISCOVERY_MS: '5000' }).UPSTREAM_DISCOVERY_MS).toBe(5000);
    expect(() => loadGatewayConfig({ UPSTREAM_DISCOVERY_MS: '-1' })).toThrow(/UPSTREAM_DISCOVERY_MS/);
  });

  it('round-robins over every address the name resolves to, probes each for health, and follows a scale-down', async () => {
    const stack = await startAllUpstreams();
    // Two replicas on one port at two loopback addresses, as two containers of one compose service.
    const first = await startUpstream('items', { host: '127.0.0.1' });
    const port = new URL(first.url).port;
    const second = await startUpstream('items', { host: '127.0.0.2', port: Number(port) });
    const dns = fakeDns({ items: ['127.0.0.2', '127.0.0.1'] });
    const gateway = await buildGateway(
      { ...stack.urls, items: `http://items:${port}` },
      { UPSTREAM_DISCOVERY_MS: '60000' },
      { resolve: dns.resolve },
    );
    try {
      await gateway.refreshUpstreams();
      for (let i = 0; i < 4; i++) await request(gateway.app).get(`/api/items?page=${i}`).expect(200);
      expect(first.requests.map((r) => r.url)).toEqual(['/api/items?page=0', '/api/items?page=2']);
      expect(second.requests.map((r) => r.url)).toEqual(['/api/items?page=1', '/api/items?page=3']);
      await request(gateway.app).get('/api/health').expect(200);
      expect(first.healthChecks()).toBe(1);
      expect(second.healthChecks()).toBe(1);

      dns.table.items = ['127.0.0.2'];
      await gateway.refreshUpstreams();
      for (let i = 4; i < 6; i++) await request(gateway.app).get(`/api/items?page=${i}`).expect(200);
      expect(first.requests).toHaveLength(2);
      expect(second.requests.map((r) => r.url).slice(2)).toEqual(['/api/items?page=4', '/api/items?page=5']);
    } finally {
      gateway.stopDiscovery();
      await Promise.all([stack.close(), first.close(), second.close()]);
      gateway.redis.disconnect();
    }
  });

  it('without UPSTREAM_DISCOVERY_MS the lists are used as written: no name is resolved by the gateway', async () => {
    const stack = await startAllUpstreams();
    const dns = fakeDns({});
    const gateway = await buildGateway(stack.urls, {}, { resolve: dns.resolve });
    try {
      await gateway.refreshUpstreams();
      await request(gateway.app).get('/api/items').expect(200);
      expect(dns.asked).toEqual([]);
    } finally {
      await stack.close();
      gateway.redis.disconnect();
    }
  });

  it('keeps a Socket.IO long-polling session on the replica that made it when messaging is one name for two replicas', async () => {
    const stack = await startAllUpstreams();
    const replicas = await Promise.all(
      ['127.0.0.1', '127.0.0.2'].map(async (host, index) => {
        const server = http.createServer();
        const io = new Server(server, { path: '/socket.io', serveClient: false });
        io.on('connection', (socket) => socket.on('whoami', (ack: (n: number) => void) => ack(index)));
        return { server, io, host };
      }),
    );
    await new Promise<void>((resolve) => replicas[0]!.server.listen(0, '127.0.0.1', resolve));
    const port = (replicas[0]!.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => replicas[1]!.server.listen(port, '127.0.0.2', resolve));
    const dns = fakeDns({ messaging: ['127.0.0.1', '127.0.0.2'] });
    const gateway = await buildGateway(
      { ...stack.urls, messaging: `http://messaging:${port}` },
      { UPSTREAM_DISCOVERY_MS: '60000' },
      { resolve: dns.resolve },
    );
    const server = http.createServer(gateway.app);
    server.on('upgrade', gateway.onUpgrade);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clients: ClientSocket[] = [];
    try {
      await gateway.refreshUpstreams();
      // Polling only: each session is several HTTP requests, and every one must reach the same replica.
      for (let i = 0; i < 4; i++) {
        clients.push(
          connect(url, {
            path: '/socket.io',
            transports: ['polling'],
            withCredentials: true,
            forceNew: true,
            reconnection: false,
          }),
        );
      }
      const reached = await Promise.all(
        clients.map(
          (socket) =>
            new Promise<number>((resolve, reject) => {
              socket.once('connect_error', reject);
              socket.once('connect', () => socket.emit('whoami', resolve));
            }),
        ),
      );
      expect(reached.sort()).toEqual([0, 0, 1, 1]);
    } finally {
      for (const client of clients) client.disconnect();
      gateway.stopDiscovery();
      gateway.closeUpgradedSockets();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const replica of replicas) {
        replica.server.closeAllConnections();
        await replica.io.close();
      }
      await stack.close();
      gateway.redis.disconnect();
    }
  });
});
