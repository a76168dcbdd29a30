/**
 * Chat delivery under load (issue 11): 500 connected Socket.IO clients, 100 messages/s for 30 s between random
 * pairs, 10 % of the clients force-disconnected (transport dropped) once during the run; send→receive p50/p99,
 * lost and duplicated messages as the receivers see them. Run against
 *   1. two messaging replicas (each its own process) on one Redis with the streams adapter and connection state
 *      recovery, clients split between them (so most messages cross replicas), and
 *   2. a minimal single-process Socket.IO echo (bench/chat/echo-server.ts), with the same clients and load.
 * Targets: messaging p99 ≤ 2× the echo's; 0 lost; 0 duplicated.
 * Run: npx tsx bench/chat.ts   (BENCH_SECONDS, BENCH_CLIENTS, BENCH_RATE change the load; GATEWAY_URL sends
 * every client through a gateway instead of straight to the replicas.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import mongoose from 'mongoose';
import { io as connect, type Socket } from 'socket.io-client';
import { ensureRedis } from '@nomadswap/dev-stores/redis-server';
import { freePort, waitForPort } from '@nomadswap/dev-stores/free-port';
import { createTokenService, createUserStateStore } from '@nomadswap/service-kit/auth';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { ROOT, fmt, percentile, startProcess } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DROP_SHARE = 0.1;
/** How long after the last send receivers may still get messages (recoveries in flight). */
const GRACE_MS = 5_000;
const TARGETS = { p99Ratio: 2, lost: 0, duplicated: 0 };

interface RunResult {
  sent: number;
  acked: number;
  ackErrors: number;
  p50: number;
  p99: number;
  lost: number;
  duplicated: number;
  recovered: number;
  dropped: number;
}

interface BenchClient {
  userId: string;
  socket: Socket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startMongo(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['shared/embedded-mongo/bin/nomadswap-mongo.mjs', '--port', String(port)],
    { cwd: ROOT, stdio: 'ignore' },
  );
  await waitForPort(port, '127.0.0.1', 30_000);
  return { url: `mongodb://127.0.0.1:${port}`, child };
}

function startEcho(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chat/echo-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /listening on (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
  });
}

async function connectAll(
  users: { id: string; auth: Record<string, string> }[],
  urlFor: (index: number) => string,
): Promise<BenchClient[]> {
  const clients: BenchClient[] = [];
  for (let i = 0; i < users.length; i += 50) {
    const batch = users.slice(i, i + 50).map(async (user, j) => {
      const socket = connect(urlFor(i + j), {
        path: '/socket.io',
        transports: ['websocket'],
        auth: user.auth,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { userId: user.id, socket };
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** The load: RATE sends per second from connected clients to random others; drops 10 % of transports once. */
async function run(clients: BenchClient[]): Promise<RunResult> {
  const sentAt = new Map<string, number>();
  const receivedBy = new Map<string, number>();
  const latencies: number[] = [];
  let duplicated = 0;
  let acked = 0;
  let ackErrors = 0;
  let recovered = 0;
  for (const { userId, socket } of clients) {
    socket.on('message:new', (message: { clientId: string; receiverId: string }) => {
      if (message.receiverId !== userId) return;
      const times = (receivedBy.get(message.clientId) ?? 0) + 1;
      receivedBy.set(message.clientId, times);
      if (times > 1) {
        duplicated++;
        return;
      }
      const started = sentAt.get(message.clientId);
      if (started !== undefined) latencies.push(performance.now() - started);
    });
    socket.on('connect', () => {
      if (socket.recovered) recovered++;
    });
  }

  const total = SECONDS * RATE;
  const dropCount = Math.round(clients.length * DROP_SHARE);
  const dropEvery = Math.max(1, Math.floor(total / (dropCount + 1)));
  let dropped = 0;
  const interval = 1000 / RATE;
  const started = performance.now();
  const acks: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    if (i % dropEvery === 0 && dropped < dropCount) {
      clients[(dropped * 7919) % clients.length]!.socket.io.engine.close();
      dropped++;
    }
    let sender = clients[Math.floor(Math.random() * clients.length)]!;
    for (let tries = 0; !sender.socket.connected && tries < 10; tries++) {
      sender = clients[Math.floor(Math.random() * clients.length)]!;
    }
    let receiver = clients[Math.floor(Math.random() * clients.length)]!;
    while (receiver === sender) receiver = clients[Math.floor(Math.random() * clients.length)]!;
    const clientId = randomUUID();
    sentAt.set(clientId, performance.now());
    acks.push(
      sender.socket
        .timeout(10_000)
        .emitWithAck('message:send', { receiverId: receiver.userId, content: `bench ${i}`, clientId })
        .then((ack: { error?: string }) => {
          if (ack.error) {
            ackErrors++;
            sentAt.delete(clientId);
          } else acked++;
        })
        .catch(() => {
          ackErrors++;
        }),
    );
  }
  await Promise.all(acks);
  await sleep(GRACE_MS);
  latencies.sort((a, b) => a - b);
  let lost = 0;
  for (const clientId of sentAt.keys()) if (!receivedBy.has(clientId)) lost++;
  for (const { socket } of clients) socket.removeAllListeners();
  return {
    sent: total,
    acked,
    ackErrors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    duplicated,
    recovered,
    dropped,
  };
}

function report(name: string, r: RunResult): void {
  console.log(
    `${name.padEnd(34)} sent ${r.sent}  acked ${r.acked}  ack errors ${r.ackErrors}  ` +
      `p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  lost ${r.lost}  duplicated ${r.duplicated}  ` +
      `transports dropped ${r.dropped}, recovered ${r.recovered}`,
  );
}

const redis = await ensureRedis({ log: () => {} });
const mongo = await startMongo();
const processes: ChildProcess[] = [mongo.child];
const stateClient = createRedis(redis.url, { name: 'bench-chat' });
try {
  const suffix = randomBytes(3).toString('hex');
  const jwt = { secret: randomBytes(32).toString('hex'), issuer: 'nomadswap', audience: 'nomadswap-web' };
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MONGO_URL: mongo.url,
    MONGO_DB: `bench_messaging_${suffix}`,
    REDIS_URL: redis.url,
    JWT_SECRET: jwt.secret,
    EVENTS_STREAM: `bench:${suffix}:events`,
    SOCKET_STREAM: `bench:${suffix}:socket.io`,
    BULLMQ_PREFIX: `bench:${suffix}:bull`,
    MESSAGES_PER_MINUTE: '600',
    DATA_DIR: os.tmpdir(),
  };
  const replicas: string[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    processes.push(
      await startProcess(
        'services/messaging/src/server.ts',
        { ...env, PORT: String(port) },
        `${url}/healthz`,
      ),
    );
    replicas.push(url);
  }
  const echo = await startEcho();
  processes.push(echo.child);

  // Users as auth would leave them: approved state in Redis and a token each (no projection needed to send).
  const tokens = createTokenService({ ...jwt, redis: stateClient });
  const userState = createUserStateStore({ redis: stateClient });
  const users = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const id = new mongoose.Types.ObjectId().toHexString();
      await userState.set(id, { role: 'user', isApproved: true });
      return { id, token: (await tokens.sign({ sub: id, role: 'user' })).token };
    }),
  );

  console.log(
    `${CLIENTS} clients, ${RATE} messages/s for ${SECONDS} s, ${DROP_SHARE * 100} % of transports dropped once; ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  const gateway = process.env.GATEWAY_URL;
  const messagingClients = await connectAll(
    users.map((u) => ({ id: u.id, auth: { token: u.token } })),
    (i) => gateway ?? replicas[i % replicas.length]!,
  );
  const messaging = await run(messagingClients);
  for (const client of messagingClients) client.socket.disconnect();
  report(gateway ? 'messaging ×2 via gateway' : 'messaging ×2 replicas + streams', messaging);

  const echoClients = await connectAll(
    users.map((u) => ({ id: u.id, auth: { userId: u.id } })),
    () => echo.url,
  );
  const baseline = await run(echoClients);
  for (const client of echoClients) client.socket.disconnect();
  report('echo (1 process, no persistence)', baseline);

  const ratio = messaging.p99 / Math.max(baseline.p99, 0.001);
  const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  console.log(
    `p99 ratio messaging/echo: ${fmt(ratio)}× (target ≤ ${TARGETS.p99Ratio}×) — ${verdict(ratio <= TARGETS.p99Ratio)}`,
  );
  console.log(
    `lost ${messaging.lost}, duplicated ${messaging.duplicated} (target 0/0) — ${verdict(
      messaging.lost === TARGETS.lost && messaging.duplicated === TARGETS.duplicated,
    )}`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const child of processes.reverse()) child.kill('SIGTERM');
  await closeRedis(stateClient);
  await redis.stop();
}
