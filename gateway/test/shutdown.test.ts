import '@nomadswap/dev-stores/vitest-context';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startUpstream, type Upstream } from './helpers';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface RunningGateway {
  child: ChildProcess;
  url: string;
  /** Every log line's message so far. */
  messages: string[];
  exited: Promise<number | null>;
}

/** Starts gateway/src/server.ts as `npm start` does (its own process) on a free port. */
async function startGatewayProcess(itemsUrl: string): Promise<RunningGateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: gatewayDir,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', REDIS_URL: inject('redisUrl'), ITEMS_URL: itemsUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const messages: string[] = [];
  // 'close', not 'exit': the last log lines may still be in the pipe when the process exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const msg = (JSON.parse(line) as { msg: string }).msg;
        messages.push(msg);
        const listening = /listening on (http:\/\/\S+)/.exec(msg);
        if (listening) resolve(listening[1]!);
      }
    });
    void exited.then((code) => reject(new Error(`gateway exited with ${code} before listening`)));
  });
  return { child, url, messages, exited };
}

describe('gateway shutdown (the kit’s)', () => {
  let upstream: Upstream | undefined;
  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    gateway?.child.kill('SIGKILL');
    await upstream?.close();
  });

  it('on SIGTERM lets the proxied request in flight finish, then exits 0', async () => {
    upstream = await startUpstream('items', { delayMs: 400 });
    gateway = await startGatewayProcess(upstream.url);
    const inFlight = fetch(`${gateway.url}/api/items`);
    // The request must have reached the upstream before the signal.
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    gateway.child.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ service: 'items', url: '/api/items' });
    expect(await gateway.exited).toBe(0);
    expect(gateway.messages, gateway.messages.join(' | ')).toContain('shutdown complete');
  });

  it('does not wait for idle keep-alive connections', async () => {
    upstream = await startUpstream('items');
    gateway = await startGatewayProcess(upstream.url);
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get(`${gateway!.url}/api/items`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject),
    );
    expect(status).toBe(200);
    const started = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    // keepAliveTimeout is 65 s and the forced exit 10 s: a clean exit this early means the idle socket was closed.
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
  });
});
