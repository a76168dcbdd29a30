import { EventEmitter } from 'node:events';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runUntilSignalled } from '../src/shutdown';
import { silentLogger } from './redis-helpers';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose /slow answers after `delayMs`, listening on a free port. */
async function slowServer(delayMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('done'), delayMs);
    else res.end('fast');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent?: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('runUntilSignalled', () => {
  it('on SIGTERM it finishes the in-flight request, refuses new ones, runs the steps in order, then exits 0', async () => {
    const { server, port } = await slowServer(300);
    const proc = new EventEmitter();
    const order: string[] = [];
    const exit = vi.fn();
    runUntilSignalled({
      server,
      logger: silentLogger,
      timeoutMs: 5_000,
      processLike: proc,
      exit,
      steps: [
        { name: 'bus', run: async () => void order.push('bus') },
        { name: 'broken', run: () => Promise.reject(new Error('already closed')) },
        { name: 'redis', run: () => void order.push('redis') },
      ],
    });
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const inFlight = get(port, '/slow');
    await arrived;
    proc.emit('SIGTERM');
    await vi.waitFor(() => expect(server.listening).toBe(false));
    await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/);
    expect(order).toEqual([]);

    await expect(inFlight).resolves.toBe('done');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(order).toEqual(['bus', 'redis']);
    expect(server.listening).toBe(false);
  });

  it('when a keep-alive client sits idle, shutdown does not wait for it', async () => {
    const { server, port } = await slowServer(0);
    const agent = new Agent({ keepAlive: true });
    await get(port, '/fast', agent);
    const exit = vi.fn();
    const control = runUntilSignalled({
      server,
      logger: silentLogger,
      timeoutMs: 5_000,
      processLike: new EventEmitter(),
      exit,
      steps: [],
    });
    const started = Date.now();
    await control.shutdown('test');
    // It did not wait for the client (node keeps idle sockets 5 s) nor for its own 5 s timeout.
    expect(Date.now() - started).toBeLessThan(2_500);
    agent.destroy();
  });

  it('when a step hangs past the timeout, it exits 1', async () => {
    const { server } = await slowServer(0);
    const proc = new EventEmitter();
    const exit = vi.fn();
    runUntilSignalled({
      server,
      logger: silentLogger,
      timeoutMs: 200,
      processLike: proc,
      exit,
      steps: [{ name: 'stuck', run: () => new Promise(() => undefined) }],
    });
    proc.emit('SIGINT');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 10_000 });
    expect(exit).not.toHaveBeenCalledWith(0);
  });

  it('when an unhandled rejection or uncaught exception happens, it exits 1', async () => {
    const { server } = await slowServer(0);
    const proc = new EventEmitter();
    const exit = vi.fn();
    runUntilSignalled({ server, logger: silentLogger, timeoutMs: 1_000, processLike: proc, exit, steps: [] });
    proc.emit('unhandledRejection', new Error('oops'));
    expect(exit).toHaveBeenLastCalledWith(1);
    exit.mockClear();
    proc.emit('uncaughtException', new Error('boom'));
    expect(exit).toHaveBeenLastCalledWith(1);
  });

  it('when a second signal arrives during shutdown, it exits 1 at once', async () => {
    const { server } = await slowServer(0);
    const proc = new EventEmitter();
    const exit = vi.fn();
    runUntilSignalled({
      server,
      logger: silentLogger,
      timeoutMs: 5_000,
      processLike: proc,
      exit,
      steps: [{ name: 'slow', run: () => new Promise((resolve) => setTimeout(resolve, 500)) }],
    });
    proc.emit('SIGTERM');
    proc.emit('SIGTERM');
    expect(exit).toHaveBeenCalledWith(1);
  });
});
