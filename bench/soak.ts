/**
 * Soak (issue 14): the whole stack as `npm start` runs it (scripts/lib/stack.ts: embedded MongoDB engine, private
 * redis-server, the four services, their workers, the gateway), SOAK_MINUTES (default 10; or SOAK_SECONDS) of mixed traffic through
 * the gateway at SOAK_RATE (default 200) operations a second, open loop: browse (45 %), item detail (30 %),
 * favourite / unfavourite (10 %), chat messages between SOAK_SOCKETS (default 500) connected Socket.IO clients
 * (12 %), and listing an item (3 %; every fourth with a photo, so the image worker runs; each listing past the
 * 200th deletes the oldest, so the data stays the same size and memory has no reason to grow).
 * Prints the errors (HTTP ≥ 400, network errors, chat acks refused, chat messages never delivered; target 0) and,
 * for every process, RSS (from /proc/<pid>/status) and, for the services, the V8 heap in use (prom-client's
 * nodejs_heap_size_used_bytes from their /metrics; the gateway, the workers and the stores expose no heap metric, so
 * RSS only), sampled every SOAK_SAMPLE_SECONDS (default 10): first, last, max and the slope per minute after the
 * first minute (target flat). Run: npm run bench -- soak   (not part of a plain `npm run bench`: it takes minutes).
 */
import fs from 'node:fs';
import os from 'node:os';
import mongoose from 'mongoose';
import type { Socket } from 'socket.io-client';
import { createTokenService, createUserStateStore } from '@nomadswap/service-kit/auth';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { loadLocalSecrets } from '../scripts/lib/secrets';
import {
  ITEM_FIELDS,
  api,
  connectChat,
  createUser,
  photo,
  startChaosStack,
  type ChaosUser,
} from '../scripts/chaos/lib';
import { fmt } from './lib';

// SOAK_SECONDS (e.g. 120) is for development runs; it takes precedence over SOAK_MINUTES.
const MINUTES = process.env.SOAK_SECONDS
  ? Number(process.env.SOAK_SECONDS) / 60
  : Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 500);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const USERS = 20;
const KEEP_LISTED = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadavg = () =>
  os
    .loadavg()
    .map((n) => fmt(n))
    .join(' ');
const log = (line: string) => console.log(`[soak] ${line}`);

log(`starting the stack (load average ${loadavg()})`);
const chaos = await startChaosStack({ logLevel: 'warn' });
const sockets: Socket[] = [];
try {
  // Registered, approved users for the HTTP traffic, each with a few items to open and favourite.
  const users: ChaosUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createUser(chaos, `soak${i}`));
  const itemIds: string[] = [];
  for (const user of users) {
    for (let i = 0; i < 5; i++) {
      const answer = await api(chaos.base, 'POST', '/api/items', user.token, {
        ...ITEM_FIELDS,
        title: `Soak item ${i} of ${user.email}`,
      });
      if (answer.status !== 201) throw new Error(`seeding failed: ${answer.status} ${answer.text}`);
      itemIds.push((answer.body as { id: string }).id);
    }
  }

  // Chat users as auth leaves them (approved state in Redis, a token each), as bench/chat.ts makes them.
  const { jwtSecret } = loadLocalSecrets(chaos.info.dataDir);
  const stateClient = createRedis(chaos.info.redisUrl, { name: 'soak-state' });
  const tokens = createTokenService({
    secret: jwtSecret,
    issuer: 'nomadswap',
    audience: 'nomadswap-web',
    redis: stateClient,
  });
  const userState = createUserStateStore({ redis: stateClient });
  const chatUsers = await Promise.all(
    Array.from({ length: SOCKETS }, async () => {
      const id = new mongoose.Types.ObjectId().toHexString();
      await userState.set(id, { role: 'user', isApproved: true });
      return { id, token: (await tokens.sign({ sub: id, role: 'user' })).token };
    }),
  );
  await closeRedis(stateClient);
  const received = new Map<string, number>();
  const sentAt = new Map<string, number>();
  for (let i = 0; i < chatUsers.length; i += 50) {
    await Promise.all(
      chatUsers.slice(i, i + 50).map(async (user) => {
        const socket = connectChat(chaos.base, user.token);
        socket.on('message:new', (message: { clientId: string; receiverId: string }) => {
          if (message.receiverId === user.id)
            received.set(message.clientId, (received.get(message.clientId) ?? 0) + 1);
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
  }
  log(
    `${USERS} users, ${itemIds.length} items, ${sockets.length} sockets connected (load average ${loadavg()})`,
  );

  // Memory of every process: RSS from /proc, the V8 heap from the services' /metrics.
  const processes = chaos.stack.processes();
  const redisPid = findRedisPid(Number(new URL(chaos.info.redisUrl).port));
  const metricsUrls = new Map<string, string>();
  for (const [service, urls] of Object.entries(chaos.info.services)) {
    urls
      .split(',')
      .forEach((url, n) => metricsUrls.set(n === 0 ? service : `${service}-${n + 1}`, `${url}/metrics`));
  }
  interface Series {
    rss: [number, number][];
    heap: [number, number][];
  }
  const series = new Map<string, Series>();
  const restarts = new Map<string, number>();
  const lastPid = new Map<string, number>();
  const started = Date.now();
  async function sample() {
    const minutes = (Date.now() - started) / 60_000;
    const targets = [
      ...processes.map((p) => ({ name: p.name, pid: p.pid })),
      ...(redisPid ? [{ name: 'redis-server', pid: redisPid }] : []),
    ];
    await Promise.all(
      targets.map(async ({ name, pid }) => {
        const entry = series.get(name) ?? { rss: [], heap: [] };
        series.set(name, entry);
        if (pid && lastPid.has(name) && lastPid.get(name) !== pid)
          restarts.set(name, (restarts.get(name) ?? 0) + 1);
        if (pid) lastPid.set(name, pid);
        const rss = pid ? rssMb(pid) : undefined;
        if (rss !== undefined) entry.rss.push([minutes, rss]);
        const url = metricsUrls.get(name);
        if (url) {
          const heap = await heapMb(url);
          if (heap !== undefined) entry.heap.push([minutes, heap]);
        }
      }),
    );
  }

  // The load: open loop, RATE operations a second for MINUTES.
  const errors = new Map<string, number>();
  const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const counts = new Map<string, number>();
  const listed: { id: string; user: ChaosUser }[] = [];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const checked = async (what: string, call: Promise<{ status: number }>, ok = (s: number) => s < 400) => {
    counts.set(what, (counts.get(what) ?? 0) + 1);
    const answer = await call;
    if (!ok(answer.status)) fail(`${what} → ${answer.status}`);
  };
  let photoCounter = 0;
  const listLatencies: number[] = [];
  let firstListError = '';
  const operations: [number, () => Promise<void>][] = [
    [
      45,
      () =>
        checked(
          'browse',
          api(
            chaos.base,
            'GET',
            Math.random() < 0.3 ? '/api/items?limit=20&q=soak' : '/api/items?limit=20',
            pick([null, pick(users).token]),
          ),
        ),
    ],
    [30, () => checked('detail', api(chaos.base, 'GET', `/api/items/${pick(itemIds)}`, pick(users).token))],
    [
      10,
      () =>
        checked(
          'favourite',
          api(
            chaos.base,
            Math.random() < 0.5 ? 'POST' : 'DELETE',
            `/api/favorites/${pick(itemIds)}`,
            pick(users).token,
          ),
        ),
    ],
    [12, () => chat()],
    [3, () => list()],
  ];
  const totalWeight = operations.reduce((sum, [w]) => sum + w, 0);

  async function chat() {
    counts.set('chat', (counts.get('chat') ?? 0) + 1);
    const from = Math.floor(Math.random() * sockets.length);
    let to = Math.floor(Math.random() * sockets.length);
    if (to === from) to = (to + 1) % sockets.length;
    const clientId = crypto.randomUUID();
    sentAt.set(clientId, Date.now());
    try {
      const ack = (await sockets[from]!.timeout(10_000).emitWithAck('message:send', {
        receiverId: chatUsers[to]!.id,
        content: `soak ${clientId.slice(0, 8)}`,
        clientId,
      })) as { error?: string; code?: string };
      if (ack.error) {
        sentAt.delete(clientId);
        fail(`chat ack ${ack.code ?? ack.error}`);
      }
    } catch {
      sentAt.delete(clientId);
      fail('chat ack timeout');
    }
  }

  async function list() {
    const user = pick(users);
    const images = photoCounter++ % 4 === 0 ? [await photo(photoCounter)] : [];
    // Listings with and without a photo are counted apart: only the former make the image worker run.
    const what = images.length ? 'list with photo' : 'list';
    counts.set(what, (counts.get(what) ?? 0) + 1);
    const answer = await api(chaos.base, 'POST', '/api/items', user.token, {
      ...ITEM_FIELDS,
      title: `Soak listing ${photoCounter}`,
      images,
    });
    listLatencies.push(answer.ms);
    if (answer.status !== 201) {
      fail(`${what} → ${answer.status}`);
      if (!firstListError) {
        firstListError = `${answer.status} ${answer.text.slice(0, 200)}`;
        log(`listing failed: ${firstListError}`);
      }
      return;
    }
    listed.push({ id: (answer.body as { id: string }).id, user });
    if (listed.length > KEEP_LISTED) {
      const oldest = listed.shift()!;
      await checked('delete', api(chaos.base, 'DELETE', `/api/items/${oldest.id}`, oldest.user.token));
    }
  }

  await sample();
  log(`first memory sample taken; ${MINUTES} min of load starts (load average ${loadavg()})`);
  const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
  const progress = setInterval(() => {
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    log(
      `${fmt((Date.now() - started) / 60_000, 1)} min: ${[...counts.values()].reduce((a, b) => a + b, 0)} operations, ${errorCount} errors, load average ${loadavg()}`,
    );
  }, 60_000);
  const total = Math.round(MINUTES * 60 * RATE);
  const interval = 1000 / RATE;
  const loadStart = performance.now();
  const pending = new Set<Promise<void>>();
  let late = 0;
  const endAt = loadStart + MINUTES * 60_000;
  let notSent = 0;
  for (let i = 0; i < total; i++) {
    // The run lasts SOAK_MINUTES: what a machine too busy to keep the rate did not send by then is counted, not sent.
    if (performance.now() > endAt) {
      notSent = total - i;
      break;
    }
    const wait = loadStart + i * interval - performance.now();
    // Always yield: a loop that has fallen behind must still let the answers in (and its own timers run).
    if (wait > 0) await sleep(wait);
    else {
      if (wait < -1000) late++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    let r = Math.random() * totalWeight;
    const op = operations.find(([weight]) => (r -= weight) < 0)?.[1] ?? operations[0]![1];
    const running = op().catch((error: unknown) => {
      fail(`client error ${(error as Error).message}`);
    });
    pending.add(running);
    void running.finally(() => pending.delete(running));
  }
  const sendSeconds = (performance.now() - loadStart) / 1000;
  await Promise.all(pending);
  await sleep(5_000); // chat deliveries in flight
  clearInterval(sampler);
  clearInterval(progress);
  await sample();

  let lost = 0;
  let duplicated = 0;
  for (const clientId of sentAt.keys()) {
    const times = received.get(clientId) ?? 0;
    if (times === 0) lost++;
    if (times > 1) duplicated++;
  }
  if (lost) errors.set('chat message never delivered', lost);
  if (duplicated) errors.set('chat message delivered twice', duplicated);
  const operationsDone = [...counts.values()].reduce((a, b) => a + b, 0);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);

  console.log(
    `\nSoak: ${MINUTES} min at ${RATE} operations/s through the gateway (${fmt(operationsDone / sendSeconds, 0)}/s achieved; ${late} sends over 1 s late; ${notSent} not sent in time), ${sockets.length} sockets; 2 shared cores, load average ${loadavg()}`,
  );
  console.log(`operations: ${[...counts.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `errors: ${errorCount} (target 0)${errorCount ? ` — ${[...errors.entries()].map(([k, v]) => `${k}: ${v}`).join('; ')}` : ''}`,
  );
  console.log(`chat: ${sentAt.size} sent and acknowledged, ${lost} lost, ${duplicated} duplicated`);
  listLatencies.sort((a, b) => a - b);
  const at = (q: number) => fmt(listLatencies[Math.floor((listLatencies.length - 1) * q)] ?? 0, 0);
  console.log(`POST /api/items latency: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
  console.log(
    `\nMemory every ${SAMPLE_SECONDS} s (MB; slope per minute after the first minute, by least squares; target flat)`,
  );
  console.log(
    `${'process'.padEnd(20)} ${'RSS first'.padStart(9)} ${'last'.padStart(7)} ${'max'.padStart(7)} ${'slope/min'.padStart(9)}   ${'heap first'.padStart(10)} ${'last'.padStart(7)} ${'max'.padStart(7)} ${'slope/min'.padStart(9)}`,
  );
  for (const [name, { rss, heap }] of series) {
    const cols = (points: [number, number][]) =>
      points.length === 0
        ? `${'—'.padStart(9)} ${'—'.padStart(7)} ${'—'.padStart(7)} ${'—'.padStart(9)}`
        : `${fmt(points[0]![1], 1).padStart(9)} ${fmt(points.at(-1)![1], 1).padStart(7)} ${fmt(Math.max(...points.map((p) => p[1])), 1).padStart(7)} ${fmt(slope(points.filter(([m]) => m >= 1)), 2).padStart(9)}`;
    const restarted = restarts.get(name) ? `  (restarted ${restarts.get(name)}×)` : '';
    console.log(
      `${name.padEnd(20)} ${cols(rss)}   ${heap.length ? cols(heap) : '  (RSS only: no heap metric)'}${restarted}`,
    );
  }
  process.exitCode = errorCount === 0 ? 0 : 1;
} finally {
  for (const socket of sockets) socket.disconnect();
  await chaos.close();
}

function rssMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function heapMb(url: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(url, { signal: AbortSignal.timeout(3_000) })).text();
    const bytes = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text)?.[1];
    return bytes ? Number(bytes) / 1024 / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The redis-server listening on `port` (the launcher's handle does not expose its pid). */
function findRedisPid(port: number): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // redis-server rewrites its title to `redis-server 127.0.0.1:<port>`.
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes('redis-server') && cmdline.includes(`:${port}`)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Least-squares slope of (minute, value) points, per minute. */
function slope(points: [number, number][]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}
