import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, startAllUpstreams } from './helpers';

/** A messaging stand-in that accepts WebSocket upgrades on /socket.io and echoes what it receives. */
async function startEchoUpgradeServer() {
  const seen: string[] = [];
  const sockets = new Set<Duplex>();
  const server = http.createServer((_req, res) => res.end('polling'));
  const closedUrls = new Set<string>();
  server.on('upgrade', (req, socket) => {
    sockets.add(socket);
    socket.on('close', () => closedUrls.add(req.url ?? ''));
    // Like a real WebSocket server: when the peer goes away, close our side too.
    socket.on('end', () => socket.end());
    seen.push(req.url ?? '');
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (chunk) => socket.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    isClosed: (url: string) => closedUrls.has(url),
    close: () => {
      // Upgraded sockets no longer belong to the HTTP server, so close() would wait for them forever.
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function upgrade(port: number, path: string): Promise<{ status: number; echo?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.once('data', (chunk) => {
        resolve({ status: res.statusCode ?? 0, echo: chunk.toString() });
        socket.destroy();
      });
      socket.write('ping');
    });
    req.on('response', (res) => resolve({ status: res.statusCode ?? 0 }));
    req.on('error', (error) =>
      error.message.includes('socket hang up') ? resolve({ status: 0 }) : reject(error),
    );
    req.end();
  });
}

describe('gateway WebSocket proxying', () => {
  let stack: Awaited<ReturnType<typeof startAllUpstreams>>;
  let messaging: Awaited<ReturnType<typeof startEchoUpgradeServer>>;
  let server: http.Server;
  let port: number;
  let redisDisconnect: () => void;
  let closeUpgradedSockets: () => void;

  beforeAll(async () => {
    stack = await startAllUpstreams();
    messaging = await startEchoUpgradeServer();
    const gateway = await buildGateway({ ...stack.urls, messaging: messaging.url });
    redisDisconnect = () => gateway.redis.disconnect();
    closeUpgradedSockets = gateway.closeUpgradedSockets;
    server = http.createServer(gateway.app);
    server.on('upgrade', gateway.onUpgrade);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    closeUpgradedSockets();
    await new Promise<void>((r) => server.close(() => r()));
    await Promise.all([stack.close(), messaging.close()]);
    redisDisconnect();
  });

  it('upgrades /socket.io to the messaging service and relays frames both ways', async () => {
    const result = await upgrade(port, '/socket.io/?EIO=4&transport=websocket');
    expect(result).toEqual({ status: 101, echo: 'ping' });
    expect(messaging.seen).toEqual(['/socket.io/?EIO=4&transport=websocket']);
  });

  it('closes open WebSockets on shutdown, upstream side included, instead of waiting for them', async () => {
    const result = await new Promise<boolean>((resolve) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        path: '/socket.io/?EIO=4&transport=websocket&shutdown=1',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      });
      req.on('upgrade', (_res, socket) => {
        socket.on('close', () => resolve(true));
        closeUpgradedSockets();
      });
      req.end();
    });
    expect(result).toBe(true);
    await expect
      .poll(() => messaging.isClosed('/socket.io/?EIO=4&transport=websocket&shutdown=1'))
      .toBe(true);
  });

  it('keeps routing upgrades explicitly after Socket.IO long-polling went through the gateway', async () => {
    const polling = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`);
    expect(await polling.text()).toBe('polling');
    const elsewhere = await upgrade(port, '/api/messages');
    expect(elsewhere.status).not.toBe(101);
    expect(messaging.seen).not.toContain('/api/messages');
    expect(await upgrade(port, '/socket.io/?EIO=4&transport=websocket&after=polling')).toEqual({
      status: 101,
      echo: 'ping',
    });
  });

  it('refuses upgrades anywhere else', async () => {
    const result = await upgrade(port, '/api/items');
    expect(result.status).not.toBe(101);
    expect(messaging.seen).not.toContain('/api/items');
  });
});
