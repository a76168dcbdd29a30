/**
 * Chat delivery under load (issue 11): 500 connected Socket.IO clients, 100 messages/s for 30 s between random
 * pairs, 10 % of the clients force-disconnected (transport dropped) once during the run; send→receive p50/p99,
 * lost and duplicated messages as the receivers see them. Two systems, measured in the same run:
 *   1. the product path: clients → gateway (one process, MESSAGING_URL listing both replicas, WebSocket
 *      round robin) → two messaging replicas (each its own process) on one Redis with the streams adapter and
 *      connection state recovery (so most messages cross replicas), and
 *   2. a minimal single-process Socket.IO echo (bench/chat/echo-server.ts), clients straight to it.
 * Both client sets stay connected and the load alternates between the systems in blocks (A B A B …), so a burst
 * of background work on a shared machine hits both alike instead of deciding the comparison.
 * Targets: messaging p99 ≤ 2× the echo's; 0 lost; 0 duplicated.
 * Run: npm run bench -- chat   (BENCH_SECONDS, CLIENTS, RATE change the load, BLOCK_SECONDS the alternation; RATES=100,200,300,400
 * sweeps the capacity instead, BENCH_PORTS=a-b keeps the servers on those ports (bench/lib.ts);
 * DIRECT=1 adds a third system in the rotation: other users' clients connected straight to the same replicas,
 * which isolates what the gateway's hop costs. PROFILE and DUMP: below. MESSAGING_SERVER=path runs the replicas from
 * another copy of services/messaging/src/server.ts, e.g. a saved baseline, for before/after runs taken in turns.
 * MONGO_ENGINE=path runs the embedded engine from another copy of shared/embedded-mongo/bin/nomadswap-mongo.mjs (the engine
 * of a saved baseline, with MESSAGING_SERVER). MESSAGING_TIMINGS_FILE=path makes each replica write its send-stage, event-loop and GC figures to path.<pid>.
 * FLOOR=1 adds one more system in the rotation: the same topology — a second gateway, two replicas on the same Redis
 * streams adapter settings with recovery — running bench/chat/floor-server.ts, which only acks and relays (no
 * database, no checks). Its p99 is what the topology alone costs on this machine, before any of the service's work.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import mongoose from 'mongoose';
import { io as connect, type Socket } from 'socket.io-client';
import { ensureRedis } from '@nomadswap/dev-stores/redis-server';
import { waitForPort } from '@nomadswap/dev-stores/free-port';
import { createTokenService, createUserStateStore } from '@nomadswap/service-kit/auth';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { ROOT, benchPort, cpuMs, fmt, percentile, startProcess } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.CLIENTS ?? process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.RATE ?? process.env.BENCH_RATE ?? 100);
/**
 * RATES=100,200,300,400 sweeps the product path (gateway → 2 replicas) over those rates in one run, one after
 * the other on the same processes and clients (no echo), and prints each rate's p50/p99/lost/dup and CPU as a table
 * with the capacity target (issue 25): where the first rate misses it is the knee.
 */
const RATES = (process.env.RATES ?? '')
  .split(',')
  .filter((entry) => entry.trim() !== '')
  .map(Number);
if (RATES.some((rate) => !Number.isFinite(rate) || rate <= 0))
  throw new Error(`RATES must list positive numbers, e.g. 100,200,300,400 (got "${process.env.RATES}")`);
const SWEEP = RATES.length > 0;
const CAPACITY_TARGET = { p99Ms: 150, lost: 0, duplicated: 0 };
const BLOCK_SECONDS = Number(process.env.BLOCK_SECONDS ?? 5);
/**
 * Unmeasured load on every system first (WARMUP_SECONDS each, no drops). Without it the first messaging block measures a cold
 * start — JIT, the driver's pools, the replicas still answering 1,000 fresh connections — and queues for
 * seconds; WARMUP_SECONDS=0 shows that.
 */
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 5);
const DIRECT = process.env.DIRECT === '1';
const FLOOR = process.env.FLOOR === '1';
/** PROFILE=dir writes V8 CPU profiles of the gateway, the replicas and the engine there (Chrome DevTools opens them). */
const PROFILE = process.env.PROFILE;
const profileArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
/** DUMP=file writes every live delivery as `system,sentAtMs,latencyMs` lines (when the slow ones happen). */
const DUMP = process.env.DUMP;
const dumpLines: string[] = [];
const benchStart = performance.now();
/** The service's own limit (60 a minute per sender) unless the load would meet it by chance. */
const SERVICE_LIMIT_PER_MINUTE = 60;
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
  /** Messages that reached a receiver only after its reconnection, and the slowest of them. */
  replayed: number;
  replayedMax: number;
  /** p99 over every delivery, replays included. */
  p99All: number;
  lost: number;
  duplicated: number;
  recovered: number;
  dropped: number;
  /** The send rate achieved (the sender's own event loop can fall behind the schedule at high rates). */
  sentPerSecond: number;
}

interface BenchClient {
  userId: string;
  socket: Socket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startMongo(): Promise<{ url: string; child: ChildProcess }> {
  const port = await benchPort();
  const child = spawn(
    process.execPath,
    [
      ...profileArgs,
      process.env.MONGO_ENGINE ?? 'shared/embedded-mongo/bin/nomadswap-mongo.mjs',
      '--port',
      String(port),
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  await waitForPort(port, '127.0.0.1', 30_000);
  return { url: `mongodb://127.0.0.1:${port}`, child };
}

async function startEcho(): Promise<{ url: string; child: ChildProcess }> {
  const port = process.env.BENCH_PORTS ? await benchPort() : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/chat/echo-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
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

interface Tally {
  name: string;
  sentAt: Map<string, number>;
  receivedBy: Map<string, number>;
  latencies: number[];
  /** Delivered after the receiver reconnected (replayed by recovery), not live. */
  replayed: number[];
  sent: number;
  duplicated: number;
  acked: number;
  ackErrors: number;
  recovered: number;
  dropped: number;
}

function listen(clients: BenchClient[], tally: Tally): void {
  for (const { userId, socket } of clients) {
    let connectedAt = 0;
    socket.on('message:new', (message: { clientId: string; receiverId: string }) => {
      if (message.receiverId !== userId) return;
      const times = (tally.receivedBy.get(message.clientId) ?? 0) + 1;
      tally.receivedBy.set(message.clientId, times);
      if (times > 1) {
        tally.duplicated++;
        return;
      }
      const started = tally.sentAt.get(message.clientId);
      if (started === undefined) return;
      const latency = performance.now() - started;
      (connectedAt > started ? tally.replayed : tally.latencies).push(latency);
      if (DUMP) dumpLines.push(`${tally.name},${(started - benchStart).toFixed(1)},${latency.toFixed(2)}`);
    });
    socket.on('connect', () => {
      connectedAt = performance.now();
      if (socket.recovered) tally.recovered++;
    });
  }
}

const pick = (clients: BenchClient[]) => clients[Math.floor(Math.random() * clients.length)]!;

/**
 * The load: RATE sends per second from connected clients to random others, SECONDS per system, the systems taking
 * turns every BLOCK_SECONDS; in each system 10 % of the clients have their transport dropped once, spread over
 * its blocks.
 */
async function run(
  systems: BenchClient[][],
  options: { seconds: number; drops: boolean; rate: number },
): Promise<RunResult[]> {
  const rate = options.rate;
  const tallies = systems.map((clients, index) => {
    const tally: Tally = {
      name: String(index),
      sentAt: new Map(),
      receivedBy: new Map(),
      latencies: [],
      replayed: [],
      sent: 0,
      duplicated: 0,
      acked: 0,
      ackErrors: 0,
      recovered: 0,
      dropped: 0,
    };
    listen(clients, tally);
    return tally;
  });
  const perSystem = options.seconds * rate;
  const perBlock = Math.max(1, Math.round(BLOCK_SECONDS * rate));
  const dropCount = options.drops ? Math.round(CLIENTS * DROP_SHARE) : 0;
  const dropEvery = Math.max(1, Math.floor(perSystem / (dropCount + 1)));
  const interval = 1000 / rate;
  const started = performance.now();
  const acks: Promise<void>[] = [];
  for (let i = 0; i < perSystem * systems.length; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const system = Math.floor(i / perBlock) % systems.length;
    const clients = systems[system]!;
    const tally = tallies[system]!;
    const n = tally.sent++;
    if (n % dropEvery === dropEvery - 1 && tally.dropped < dropCount) {
      clients[(tally.dropped * 7919) % clients.length]!.socket.io.engine.close();
      tally.dropped++;
    }
    let sender = pick(clients);
    for (let tries = 0; !sender.socket.connected && tries < 10; tries++) sender = pick(clients);
    let receiver = pick(clients);
    while (receiver === sender) receiver = pick(clients);
    const clientId = randomUUID();
    tally.sentAt.set(clientId, performance.now());
    acks.push(
      sender.socket
        .timeout(10_000)
        .emitWithAck('message:send', { receiverId: receiver.userId, content: `bench ${n}`, clientId })
        .then((ack: { error?: string; code?: string }) => {
          if (ack.error) {
            tally.ackErrors++;
            tally.sentAt.delete(clientId);
            if (tally.ackErrors <= 3) console.log(`  ack error: ${ack.code ?? ''} ${ack.error}`);
          } else tally.acked++;
        })
        .catch(() => {
          tally.ackErrors++;
        }),
    );
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(acks);
  await sleep(GRACE_MS);
  if (DUMP) fs.writeFileSync(DUMP, dumpLines.join('\n'));
  for (const clients of systems) for (const { socket } of clients) socket.removeAllListeners();
  return tallies.map((tally) => {
    tally.latencies.sort((a, b) => a - b);
    let lost = 0;
    for (const clientId of tally.sentAt.keys()) if (!tally.receivedBy.has(clientId)) lost++;
    return {
      sent: tally.sent,
      acked: tally.acked,
      ackErrors: tally.ackErrors,
      p50: percentile(tally.latencies, 50),
      p99: percentile(tally.latencies, 99),
      replayed: tally.replayed.length,
      replayedMax: Math.max(0, ...tally.replayed),
      p99All: percentile(
        [...tally.latencies, ...tally.replayed].sort((a, b) => a - b),
        99,
      ),
      lost,
      duplicated: tally.duplicated,
      recovered: tally.recovered,
      dropped: tally.dropped,
      sentPerSecond: tally.sent / (sendSeconds / systems.length),
    };
  });
}

function report(name: string, r: RunResult): void {
  console.log(
    `${name.padEnd(34)} sent ${r.sent}  acked ${r.acked}  ack errors ${r.ackErrors}  ` +
      `live p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  lost ${r.lost}  duplicated ${r.duplicated}  ` +
      `transports dropped ${r.dropped}, recovered ${r.recovered}; after a reconnect ${r.replayed} ` +
      `(slowest ${fmt(r.replayedMax, 0)} ms); p99 of all ${fmt(r.p99All)} ms`,
  );
}

/**
 * The capacity sweep: the product path alone at each of RATES in turn (after one warm-up at the first), each
 * rate's figures and the CPU every process used during it; the knee is the first rate that misses the target.
 */
async function sweep(clients: BenchClient[], watched: (readonly [string, ChildProcess])[]): Promise<void> {
  if (WARMUP_SECONDS > 0) await run([clients], { seconds: WARMUP_SECONDS, drops: false, rate: RATES[0]! });
  const rows: { rate: number; result: RunResult; cpuSeconds: number[]; clientCpu: number; load: string }[] =
    [];
  for (const rate of RATES) {
    const before = watched.map(([, child]) => cpuMs(child.pid!));
    const clientBefore = cpuMs(process.pid);
    const [result] = await run([clients], { seconds: SECONDS, drops: true, rate });
    const cpuSeconds = watched.map(([, child], i) => (cpuMs(child.pid!) - before[i]!) / 1000);
    const clientCpu = (cpuMs(process.pid) - clientBefore) / 1000;
    rows.push({ rate, result: result!, cpuSeconds, clientCpu, load: os.loadavg()[0]!.toFixed(1) });
    console.log(`  ${rate} msg/s done, load average ${loadavg()}`);
  }
  for (const { socket } of clients) socket.disconnect();
  const meets = (r: RunResult) =>
    r.p99 <= CAPACITY_TARGET.p99Ms &&
    r.lost === CAPACITY_TARGET.lost &&
    r.duplicated === CAPACITY_TARGET.duplicated;
  console.log(
    `\nCapacity, gateway → messaging ×2 + streams, ${CLIENTS} clients, ${SECONDS} s per rate, ` +
      `${DROP_SHARE * 100} % of transports dropped once per rate. Target: p99 ≤ ${CAPACITY_TARGET.p99Ms} ms, ` +
      `0 lost, 0 duplicated (issue 25: at 300 msg/s). CPU is seconds used during the rate's ${SECONDS} s + ` +
      `${GRACE_MS / 1000} s grace: ${watched.map(([name]) => name).join(' / ')} (CPU ms/msg: their sum per ` +
      `acknowledged message); the 500 clients' own process apart; load is the 1-minute average at the rate's end.`,
  );
  console.log(
    'rate  achieved   acked  ack-err    p50 ms    p99 ms   p99 all  lost  dup  CPU s (per process)      CPU ms/msg  clients s  load  verdict',
  );
  for (const { rate, result: r, cpuSeconds, clientCpu, load } of rows) {
    const total = cpuSeconds.reduce((a, b) => a + b, 0);
    console.log(
      [
        String(rate).padStart(4),
        fmt(r.sentPerSecond, 0).padStart(8),
        String(r.acked).padStart(8),
        String(r.ackErrors).padStart(8),
        fmt(r.p50, 1).padStart(10),
        fmt(r.p99, 1).padStart(10),
        fmt(r.p99All, 0).padStart(10),
        String(r.lost).padStart(5),
        String(r.duplicated).padStart(4),
        `  ${cpuSeconds.map((c) => fmt(c, 1)).join(' / ')} = ${fmt(total, 1)}`.padEnd(26),
        fmt((total * 1000) / Math.max(r.acked, 1), 2).padStart(10),
        fmt(clientCpu, 1).padStart(11),
        load.padStart(6),
        `  ${meets(r) ? 'meets' : 'MISSES'}`,
      ].join(''),
    );
  }
  const knee = rows.find((row) => !meets(row.result));
  console.log(
    knee
      ? `knee: ${knee.rate} msg/s is the first rate that misses the target` +
          (rows.indexOf(knee) > 0
            ? ` (${rows[rows.indexOf(knee) - 1]!.rate} msg/s meets it)`
            : ' (the lowest one)')
      : `no knee up to ${RATES.at(-1)} msg/s: every rate meets the target`,
  );
  console.log(`load average after: ${loadavg()}`);
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const redis = await ensureRedis({
  log: () => {},
  ...(process.env.BENCH_PORTS ? { port: await benchPort() } : {}),
});
const mongo = await startMongo();
const processes: ChildProcess[] = [mongo.child];
const stateClient = createRedis(redis.url, { name: 'bench-chat' });
try {
  const suffix = randomBytes(3).toString('hex');
  const jwt = { secret: randomBytes(32).toString('hex'), issuer: 'nomadswap', audience: 'nomadswap-web' };
  // A sender is picked at random for each message: on average RATE·60/CLIENTS a minute each (12 at the
  // defaults). Keep the service's real limit unless the load would reach it.
  const perSenderPerMinute = (Math.max(RATE, ...RATES) * 60) / CLIENTS;
  const limit =
    perSenderPerMinute * 3 < SERVICE_LIMIT_PER_MINUTE
      ? SERVICE_LIMIT_PER_MINUTE
      : Math.ceil(perSenderPerMinute * 4);
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
    MESSAGES_PER_MINUTE: String(limit),
    DATA_DIR: os.tmpdir(),
  };
  const replicas: string[] = [];
  const replicaProcesses: ChildProcess[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await benchPort();
    const url = `http://127.0.0.1:${port}`;
    const child = await startProcess(
      process.env.MESSAGING_SERVER ?? 'services/messaging/src/server.ts',
      { ...env, PORT: String(port) },
      `${url}/healthz`,
      profileArgs,
    );
    processes.push(child);
    replicaProcesses.push(child);
    replicas.push(url);
  }
  const gatewayPort = await benchPort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gateway = await startProcess(
    'gateway/src/server.ts',
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      LOG_LEVEL: 'warn',
      REDIS_URL: redis.url,
      MESSAGING_URL: replicas.join(','),
    },
    `${gatewayUrl}/api/health`,
    profileArgs,
  );
  processes.push(gateway);
  const echo = SWEEP ? undefined : await startEcho();
  if (echo) processes.push(echo.child);
  let floorGatewayUrl = '';
  const floorProcesses: ChildProcess[] = [];
  if (FLOOR) {
    const floorReplicas: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await benchPort();
      const url = `http://127.0.0.1:${port}`;
      const child = await startProcess(
        'bench/chat/floor-server.ts',
        { ...env, PORT: String(port), SOCKET_STREAM: `${env.SOCKET_STREAM}:floor` },
        `${url}/healthz`,
      );
      processes.push(child);
      floorProcesses.push(child);
      floorReplicas.push(url);
    }
    const port = await benchPort();
    floorGatewayUrl = `http://127.0.0.1:${port}`;
    const floorGateway = await startProcess(
      'gateway/src/server.ts',
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        REDIS_URL: redis.url,
        MESSAGING_URL: floorReplicas.join(','),
      },
      `${floorGatewayUrl}/api/health`,
    );
    processes.push(floorGateway);
    floorProcesses.push(floorGateway);
  }

  // Users as auth would leave them: approved state in Redis and a token each (no projection needed to send).
  const tokens = createTokenService({ ...jwt, redis: stateClient });
  const userState = createUserStateStore({ redis: stateClient });
  const users = await Promise.all(
    Array.from({ length: DIRECT ? 2 * CLIENTS : CLIENTS }, async () => {
      const id = new mongoose.Types.ObjectId().toHexString();
      await userState.set(id, { role: 'user', isApproved: true });
      return { id, token: (await tokens.sign({ sub: id, role: 'user' })).token };
    }),
  );

  console.log(
    `${CLIENTS} clients per system, ${SWEEP ? RATES.join(', ') : RATE} messages/s for ${SECONDS} s per system (alternating every ` +
      `${BLOCK_SECONDS} s, after ${WARMUP_SECONDS} s of unmeasured warm-up), ${DROP_SHARE * 100} % of transports dropped once; rate limit ${limit}/min per ` +
      `sender (mean load ${fmt(perSenderPerMinute, 1)}/min); ${os.cpus().length} CPUs, load average ${loadavg()}`,
  );
  const withToken = (u: { id: string; token: string }) => ({ id: u.id, auth: { token: u.token } });
  const messagingClients = await connectAll(users.slice(0, CLIENTS).map(withToken), () => gatewayUrl);
  const echoClients = echo
    ? await connectAll(
        users.slice(0, CLIENTS).map((u) => ({ id: u.id, auth: { userId: u.id } })),
        () => echo.url,
      )
    : [];
  const directClients = DIRECT
    ? await connectAll(users.slice(CLIENTS).map(withToken), (i) => replicas[i % replicas.length]!)
    : [];
  const floorClients = FLOOR
    ? await connectAll(users.slice(0, CLIENTS).map(withToken), () => floorGatewayUrl)
    : [];
  const watched: (readonly [string, ChildProcess])[] = [
    ['gateway', gateway],
    ['replica 1', replicaProcesses[0]!],
    ['replica 2', replicaProcesses[1]!],
    ...(echo ? [['echo', echo.child] as const] : []),
    ['embedded mongo', mongo.child],
    ...floorProcesses.map((child, i) => [i < 2 ? `floor replica ${i + 1}` : 'floor gateway', child] as const),
  ];
  if (SWEEP) await sweep(messagingClients, watched);
  else {
    const systems = [messagingClients, echoClients];
    if (DIRECT) systems.push(directClients);
    if (FLOOR) systems.push(floorClients);
    if (WARMUP_SECONDS > 0) await run(systems, { seconds: WARMUP_SECONDS, drops: false, rate: RATE });
    const cpuBefore = watched.map(([, child]) => cpuMs(child.pid!));
    const [messaging, baseline, ...others] = await run(systems, {
      seconds: SECONDS,
      drops: true,
      rate: RATE,
    });
    const direct = DIRECT ? others.shift() : undefined;
    const floor = FLOOR ? others.shift() : undefined;
    const used = watched.map(([, child], i) => (cpuMs(child.pid!) - cpuBefore[i]!) / 1000);
    const cpu = watched.map(([name], i) => `${name} ${fmt(used[i]!, 1)} s`);
    /** CPU ms per acknowledged message of the processes whose names match. */
    const perMessage = (match: (name: string) => boolean, acked: number) =>
      (watched.reduce((sum, [name], i) => sum + (match(name) ? used[i]! : 0), 0) * 1000) / Math.max(acked, 1);
    for (const client of systems.flat()) client.socket.disconnect();
    report('gateway → messaging ×2 + streams', messaging!);
    if (direct) report('messaging ×2, direct (no gateway)', direct);
    if (floor) report('floor: gateway → relay ×2 + streams', floor);
    report('echo (1 process, no persistence)', baseline!);
    console.log(`CPU used during the run: ${cpu.join(', ')}`);
    if (floor) {
      // Issue 25's CPU target: every process on a message's path, against the floor's, per delivered message.
      const replicas = perMessage((name) => /^replica|^embedded/.test(name), messaging!.acked);
      const path = perMessage((name) => /^(replica|embedded|gateway)/.test(name), messaging!.acked);
      const floorReplicas = perMessage((name) => name.startsWith('floor replica'), floor.acked);
      const floorPath = perMessage((name) => name.startsWith('floor'), floor.acked);
      console.log(
        `CPU ms per acked message: replicas + engine ${fmt(replicas)} vs floor replicas ${fmt(floorReplicas)} ` +
          `(${fmt(replicas / Math.max(floorReplicas, 0.001))}×); with the gateways ${fmt(path)} vs ${fmt(floorPath)} ` +
          `(${fmt(path / Math.max(floorPath, 0.001))}×, target ≤ 2×)`,
      );
    }

    const ratio = messaging!.p99 / Math.max(baseline!.p99, 0.001);
    const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
    console.log(
      `p99 ratio messaging/echo: ${fmt(ratio)}× (target ≤ ${TARGETS.p99Ratio}×) — ${verdict(ratio <= TARGETS.p99Ratio)}`,
    );
    if (floor)
      console.log(
        `p99 ratio floor/echo: ${fmt(floor.p99 / Math.max(baseline!.p99, 0.001))}× (the topology with none of the ` +
          `service's work; messaging/floor ${fmt(messaging!.p99 / Math.max(floor.p99, 0.001))}×)`,
      );
    console.log(
      `lost ${messaging!.lost}, duplicated ${messaging!.duplicated} (target 0/0) — ${verdict(
        messaging!.lost === TARGETS.lost && messaging!.duplicated === TARGETS.duplicated,
      )}`,
    );
    console.log(`load average after: ${loadavg()}`);
  }
} finally {
  // Waiting for the exits lets the services shut down cleanly (and write their CPU profiles).
  await Promise.all(
    processes.reverse().map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await closeRedis(stateClient);
  await redis.stop();
}
