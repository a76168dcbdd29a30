import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { loadGatewayConfig } from '../src/config';
import { REPLICA_COOKIE } from '../src/proxy';
import { buildGateway, deadUrl, startAllUpstreams, startUpstream } from './helpers';

/** A messaging replica: a real Socket.IO server that tells each client which replica it reached. */
async function startSocketReplica(name: string) {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 200 });
  const handshakes: string[] = [];
  io.on('connection', (socket) => {
    handshakes.push(socket.conn.transport.name);
    socket.on('whoami', (ack: (replica: string) => void) => ack(name));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handshakes,
    close: () => io.close(),
  };
}

async function listen(gateway: Awaited<ReturnType<typeof buildGateway>>) {
  const server = http.createServer(gateway.app);
  server.on('upgrade', gateway.onUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function connected(socket: ClientSocket) {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

describe('gateway with several upstreams per service', () => {
  it('reads a comma-separated list of upstreams for a service', () => {
    const config = loadGatewayConfig({ MESSAGING_URL: 'http://127.0.0.1:4103, http://127.0.0.1:4203' });
    expect(config.MESSAGING_URL).toEqual(['http://127.0.0.1:4103', 'http://127.0.0.1:4203']);
    expect(config.ITEMS_URL).toEqual(['http://127.0.0.1:4002']);
  });

  it('when one URL of the list is not a URL, start-up fails naming the variable and the bad entry', () => {
    expect(() => loadGatewayConfig({ MESSAGING_URL: 'http://127.0.0.1:4103,127.0.0.1:4203' })).toThrow(
      /Invalid gateway configuration: MESSAGING_URL has "127\.0\.0\.1:4203", which is not a URL/,
    );
    expect(() => loadGatewayConfig({ ITEMS_URL: ' , ' })).toThrow(/ITEMS_URL must list at least one URL/);
  });

  it('spreads /api requests over two replicas of a service in turn', async () => {
    const stack = await startAllUpstreams();
    const second = await startUpstream('items');
    const gateway = await buildGateway({
      ...stack.urls,
      items: `${stack.urls.items},${second.url}`,
    });
    try {
      for (let i = 0; i < 6; i++) await request(gateway.app).get(`/api/items?page=${i}`).expect(200);
      expect(stack.upstreams.items.requests.map((r) => r.url)).toEqual([
        '/api/items?page=0',
        '/api/items?page=2',
        '/api/items?page=4',
      ]);
      expect(second.requests.map((r) => r.url)).toEqual([
        '/api/items?page=1',
        '/api/items?page=3',
        '/api/items?page=5',
      ]);
    } finally {
      await Promise.all([stack.close(), second.close()]);
      gateway.redis.disconnect();
    }
  });

  it('a GET that a replica refuses goes to the next replica; the refusing one is skipped for the next requests', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway({ ...stack.urls, items: `${await deadUrl()},${stack.urls.items}` });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await request(gateway.app).get('/api/items')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(stack.upstreams.items.requests).toHaveLength(5);
    } finally {
      await stack.close();
      gateway.redis.disconnect();
    }
  });

  it('a write that a replica refuses is not sent again: it gets the JSON 503', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway({ ...stack.urls, items: `${await deadUrl()},${stack.urls.items}` });
    try {
      const first = await request(gateway.app).post('/api/items').send({ title: 'Tent' });
      expect(first.status).toBe(503);
      expect(first.body).toMatchObject({ service: 'items' });
      expect(stack.upstreams.items.requests).toHaveLength(0);
    } finally {
      await stack.close();
      gateway.redis.disconnect();
    }
  });

  it('a GET whose replica dies before answering (connection dropped) is answered by the other; a POST gets 502', async () => {
    const stack = await startAllUpstreams();
    // A replica killed mid-request: it reads the request, then its connection drops without an answer.
    const dying = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const dyingUrl = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
    const gateway = await buildGateway({ ...stack.urls, items: `${dyingUrl},${stack.urls.items}` });
    try {
      const reads = await Promise.all(
        Array.from({ length: 4 }, (_, i) => request(gateway.app).get(`/api/items?n=${i}`)),
      );
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200]);
      const write = await request(gateway.app).post('/api/items').send({ title: 'Tent' });
      const other = await request(gateway.app).post('/api/items').send({ title: 'Lamp' });
      // One of the two writes met the dying replica: it is not sent again.
      expect([write.status, other.status].sort()).toEqual([200, 502]);
    } finally {
      await stack.close();
      dying.close();
      gateway.redis.disconnect();
    }
  });

  it('a GET is retried once only: when every replica drops it, the client gets the JSON 502', async () => {
    const stack = await startAllUpstreams();
    const attempts: string[] = [];
    const dying = http.createServer((req) => {
      attempts.push(req.url ?? '');
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const dyingUrl = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
    const gateway = await buildGateway({ ...stack.urls, items: `${dyingUrl},${dyingUrl},${dyingUrl}` });
    try {
      const read = await request(gateway.app).get('/api/items');
      expect(read.status).toBe(502);
      expect(read.body).toMatchObject({ service: 'items' });
      expect(attempts).toEqual(['/api/items', '/api/items']);
    } finally {
      await stack.close();
      dying.close();
      gateway.redis.disconnect();
    }
  });

  it('calls a service down in /api/health when one of its replicas is down', async () => {
    const stack = await startAllUpstreams();
    const gateway = await buildGateway({
      ...stack.urls,
      messaging: `${stack.urls.messaging},${await deadUrl()}`,
    });
    try {
      const health = await request(gateway.app).get('/api/health').expect(503);
      expect(health.body.services).toMatchObject({ messaging: 'down', items: 'up' });
    } finally {
      await stack.close();
      gateway.redis.disconnect();
    }
  });
});

describe('Socket.IO through the gateway to two messaging replicas', () => {
  let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
  let replicas: Awaited<ReturnType<typeof startSocketReplica>>[];
  let gateway: Awaited<ReturnType<typeof buildGateway>>;
  let server: http.Server;
  let url: string;
  const clients: ClientSocket[] = [];

  beforeAll(async () => {
    stack = await startAllUpstreams();
    replicas = await Promise.all([startSocketReplica('a'), startSocketReplica('b')]);
    gateway = await buildGateway({ ...stack.urls, messaging: replicas.map((r) => r.url).join(',') });
    ({ server, url } = await listen(gateway));
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    gateway.closeUpgradedSockets();
    await new Promise<void>((r) => server.close(() => r()));
    await Promise.all([stack.close(), ...replicas.map((r) => r.close())]);
    gateway.redis.disconnect();
  });

  function client(options: Parameters<typeof connect>[1]) {
    const socket = connect(url, { path: '/socket.io', forceNew: true, reconnection: false, ...options });
    clients.push(socket);
    return socket;
  }

  it('WebSocket-only clients connect and are spread over both replicas', async () => {
    const sockets = [0, 1, 2, 3].map(() => client({ transports: ['websocket'] }));
    await Promise.all(sockets.map(connected));
    const reached = await Promise.all(sockets.map((s) => s.emitWithAck('whoami') as Promise<string>));
    expect(reached.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('a long-polling session stays on the replica that made it, across many polls and posts', async () => {
    const socket = client({ transports: ['polling'], withCredentials: true });
    await connected(socket);
    const reached = new Set<string>();
    // Each ack is a post and a poll; with a 200 ms ping interval the session also answers pings meanwhile.
    for (let i = 0; i < 8; i++) reached.add((await socket.emitWithAck('whoami')) as string);
    // Two more ping rounds over the session (counted, not waited for a fixed time).
    let pings = 0;
    socket.io.engine.on('ping', () => (pings += 1));
    await expect.poll(() => pings, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    reached.add((await socket.emitWithAck('whoami')) as string);
    expect(reached.size).toBe(1);
    expect(socket.connected).toBe(true);
  });

  it('the polling handshake answer sets the replica cookie; later requests of the session are routed by it', async () => {
    const handshake = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    const cookie = handshake.headers.getSetCookie().find((c) => c.startsWith(`${REPLICA_COOKIE}=`));
    expect(cookie).toMatch(/^nsio_replica=[01]; Path=\/socket\.io; HttpOnly; SameSite=Strict$/);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    const headers = { cookie: cookie!.split(';')[0]! };
    // Without the cookie, every other request would reach the replica that does not know the sid (400).
    for (let i = 0; i < 4; i++) {
      const post = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        body: i === 0 ? '40' : '3',
      });
      expect(post.status).toBe(200);
    }
    const poll = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { headers });
    expect(poll.status).toBe(200);
    // The payload's packets are separated by \x1e; on a busy machine a ping (`2`, every 200 ms here) may come
    // before the CONNECT answer.
    const packets = (await poll.text()).split('\x1e');
    expect(
      packets.some((packet) => /^40\{"sid":/.test(packet)),
      packets.join(' | '),
    ).toBe(true);
  });

  it('a client that starts on polling upgrades to WebSocket on the same replica', async () => {
    const socket = client({ transports: ['polling', 'websocket'], withCredentials: true });
    await connected(socket);
    const before = (await socket.emitWithAck('whoami')) as string;
    await new Promise<void>((resolve) => {
      if (socket.io.engine.transport.name === 'websocket') resolve();
      else socket.io.engine.once('upgrade', () => resolve());
    });
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(await socket.emitWithAck('whoami')).toBe(before);
  });

  it('a polling request with a sid but no cookie falls back to the round robin (and may meet a 400)', async () => {
    const handshake = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
    const statuses = new Set<number>();
    for (let i = 0; i < 4; i++) {
      statuses.add(
        (
          await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
            method: 'POST',
            headers: { cookie: `${REPLICA_COOKIE}=7`, 'content-type': 'text/plain;charset=UTF-8' },
            body: '3',
          })
        ).status,
      );
    }
    // An invalid replica index is ignored, not trusted: half the requests reach the other replica.
    expect(statuses).toEqual(new Set([200, 400]));
  });
});
