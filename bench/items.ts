/**
 * Items service: browse latency through the gateway and image pipeline throughput (issue 5).
 * - 2,000 items (and their owners' summaries) inserted directly into the items database;
 * - `GET /api/items` (default page) and `GET /api/items?location=Lisbon` at 200 req/s through the gateway with a
 *   signed-in approved user's token: p50/p99 and errors (target p99 ≤ 25 ms, 0 errors);
 * - the same queries timed against the database alone, to show what the engine costs;
 * - image jobs per second through the whole pipeline (GridFS upload → BullMQ → worker process → variants in
 *   GridFS → photo marked ready) vs a bare sharp loop doing the same rendering at the same concurrency
 *   (target ≥ 0.8×).
 * Run: npx tsx bench/items.ts   (BENCH_SECONDS shortens the 30 s load runs; BENCH_IMAGES sets the job count)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueueEvents } from 'bullmq';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { PRESET_CITIES, CATEGORIES, CONDITION_VALUES } from '@nomadswap/contracts/enums';
import { ensureRedis } from '@nomadswap/dev-stores/redis-server';
import { freePort, waitForPort } from '@nomadswap/dev-stores/free-port';
import { createTokenService, createUserStateStore } from '@nomadswap/service-kit/auth';
import { createEventBus } from '@nomadswap/service-kit/events';
import { createLogger } from '@nomadswap/service-kit/logger';
import { connectMongo } from '@nomadswap/service-kit/mongo';
import { closeRedis, createRedis } from '@nomadswap/service-kit/redis';
import { createItemsCore, initItemsStorage } from '@nomadswap/items/context';
import type { ItemRecord } from '@nomadswap/items/data/item';
import { itemFilter } from '@nomadswap/items/domain/list-items';
import { matchPlace, placeIdsWithin } from '@nomadswap/places/places';
import { configureSharpForWorker, renderImageVariants } from '@nomadswap/service-kit/image-variants';
import { PHOTO_VARIANTS } from '@nomadswap/items/data/image-files';
import { IMAGE_QUEUE, createImageQueue } from '@nomadswap/items/jobs/queues';
import { WORKER_NODE_ARGS } from '../scripts/lib/stack';
import { ROOT, fixedRate, fmt, percentile, startProcess, type LoadResult } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 240);
const ITEMS = 2_000;
const OWNERS = 100;
const RATE = 200;
/** Item writes per second during the third run (each one invalidates the cached browse pages). */
const WRITES_PER_SECOND = 5;
const IMAGE_CONCURRENCY = 2;
const TARGETS = { browseP99Ms: 25, pipelineRatio: 0.8 };

const quiet = () => {};
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

/** The embedded engine as its own process, as `npm start` runs it (not sharing the load generator's CPU time). */
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

/** A photo-like 600×450 JPEG (quality 70), as the web app uploads after resizing: smooth areas and detail. */
async function samplePhoto(): Promise<Buffer> {
  const noise = randomBytes(150 * 113 * 3);
  return sharp(noise, { raw: { width: 150, height: 113, channels: 3 } })
    .resize(600, 450, { kernel: 'cubic' })
    .modulate({ saturation: 0.7 })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** CPU time (user + system) a process has used so far, in ms; null where /proc is not available. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function runPool(count: number, concurrency: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const redis = await ensureRedis({ log: quiet });
const mongo = await startMongo();
const dbName = 'nomadswap_items_bench';
const jwtSecret = randomBytes(32).toString('hex');
const logger = createLogger('bench-items', 'silent');
const connection = await connectMongo({ url: mongo.url, dbName, logger });
const client = createRedis(redis.url, { name: 'bench-items', forBullmq: true });
const core = createItemsCore({
  logger,
  mongo: connection,
  redis: client,
  bus: createEventBus({ redis: client, stream: 'bench:events', service: 'bench', logger }),
});
await initItemsStorage(core);

const processes: ChildProcess[] = [mongo.child];
try {
  // Data: 2,000 items of 100 owners in the six preset cities, one in ten swapped, 1–3 ready photos each.
  const owners = Array.from({ length: OWNERS }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    username: `bench_${i}`,
    fullName: `Bench Traveller ${i}`,
    avatar: `/api/avatars/${new mongoose.Types.ObjectId().toHexString()}`,
    location: '',
    rating: (i % 5) + 0.5,
    reviewCount: i % 9,
    isApproved: true,
    role: 'user' as const,
    version: 1,
    deleted: false,
  }));
  await core.owners.insertMany(owners);
  const now = Date.now();
  const items: Partial<ItemRecord>[] = Array.from({ length: ITEMS }, (_, i) => {
    const city = PRESET_CITIES[i % PRESET_CITIES.length]!;
    return {
      _id: new mongoose.Types.ObjectId(),
      title: `Bench item ${i}`,
      description: 'A well-travelled thing looking for a new owner, in good shape and ready to go.',
      category: CATEGORIES[i % CATEGORIES.length]!,
      condition: CONDITION_VALUES[i % CONDITION_VALUES.length]!,
      location: `${city.name}, ${city.country}`,
      // As the service stores it (issue 22): the city's place, null for 'Bali' (an island, not a city).
      placeId: matchPlace(`${city.name}, ${city.country}`)?.id ?? null,
      userId: owners[i % OWNERS]!._id,
      isActive: true,
      isSwapped: i % 10 === 0,
      preferredExchange: i % 2 ? 'Anything useful for the road' : null,
      photos: Array.from({ length: (i % 3) + 1 }, () => ({
        _id: new mongoose.Types.ObjectId(),
        state: 'ready' as const,
        error: null,
        createdAt: new Date(now),
      })),
      version: 1,
      createdAt: new Date(now - i * 60_000),
      updatedAt: new Date(now - i * 60_000),
    };
  });
  await core.items.collection.insertMany(items as ItemRecord[]);

  // A signed-in approved user, as the auth service would have set them up.
  const viewerId = new mongoose.Types.ObjectId().toHexString();
  await createUserStateStore({ redis: client }).set(viewerId, { role: 'user', isApproved: true });
  const { token } = await createTokenService({
    secret: jwtSecret,
    issuer: 'nomadswap',
    audience: 'nomadswap-web',
    redis: client,
  }).sign({ sub: viewerId, role: 'user' });
  const headers = { Authorization: `Bearer ${token}` };

  const itemsPort = await freePort();
  const gatewayPort = await freePort();
  const serviceEnv = {
    MONGO_URL: mongo.url,
    MONGO_DB: dbName,
    REDIS_URL: redis.url,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'info',
    BULLMQ_PREFIX: 'benchbull',
    EVENTS_STREAM: 'bench:events',
  };
  const itemsApi = await startProcess(
    'services/items/src/server.ts',
    { ...serviceEnv, PORT: String(itemsPort) },
    `http://127.0.0.1:${itemsPort}/healthz`,
  );
  processes.push(itemsApi);
  processes.push(
    await startProcess(
      'gateway/src/server.ts',
      {
        PORT: String(gatewayPort),
        REDIS_URL: redis.url,
        ITEMS_URL: `http://127.0.0.1:${itemsPort}`,
        LOG_LEVEL: 'info',
        API_RATE_LIMIT_PER_MINUTE: '100000000',
        // The load comes from one address: no per-client cap on open requests (256 is the most it allows).
        CLIENT_MAX_IN_FLIGHT: '256',
      },
      `http://127.0.0.1:${gatewayPort}/api/health`,
    ),
  );

  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const page = await fetch(`${gateway}/api/items`, { headers });
  const lisbon = await fetch(`${gateway}/api/items?location=Lisbon`, { headers });
  const pageBody = (await page.json()) as unknown[];
  const lisbonBody = (await lisbon.json()) as unknown[];
  console.log(
    `\nload average before measuring: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (other work on the machine skews the figures)`,
  );
  console.log(
    `\nItems browse (${ITEMS} items, ${SECONDS} s at ${RATE} req/s each, through the gateway, signed in; ` +
      `2 cores shared by load generator, gateway, items service and the embedded engine)`,
  );
  console.log(
    `default page: ${page.status}, ${pageBody.length} items, ${(JSON.stringify(pageBody).length / 1024).toFixed(0)} KB; ` +
      `?location=Lisbon: ${lisbon.status}, ${lisbonBody.length} items`,
  );
  // Warm-up (JIT, keep-alive sockets) before measuring.
  await fixedRate(`${gateway}/api/items`, { headers, seconds: 3, rate: RATE });
  await fixedRate(`${gateway}/api/items?location=Lisbon`, { headers, seconds: 3, rate: RATE });

  const row = (name: string, r: LoadResult) =>
    `${name.padEnd(34)} p50 ${fmt(r.p50, 2).padStart(6)} ms   p99 ${fmt(r.p99, 2).padStart(6)} ms   ` +
    `${fmt(r.rps, 0).padStart(4)} req/s   errors ${r.errors + r.non2xx}`;
  const defaultPage = await fixedRate(`${gateway}/api/items`, {
    headers: headers,
    seconds: SECONDS,
    rate: RATE,
  });
  console.log(row('GET /api/items', defaultPage));
  const byLocation = await fixedRate(`${gateway}/api/items?location=Lisbon`, {
    headers: headers,
    seconds: SECONDS,
    rate: RATE,
  });
  console.log(row('GET /api/items?location=Lisbon', byLocation));
  // Browse pages are cached until the next write; with listings changing a few times a second many requests miss.
  const writes = setInterval(() => {
    const i = Math.floor(Math.random() * ITEMS);
    // The model invalidates the cached pages, as every write of the service does.
    void core.items.updateOne(
      { _id: items[i]!._id },
      { $inc: { version: 1 }, $set: { updatedAt: new Date() } },
    );
  }, 1000 / WRITES_PER_SECOND);
  const withWrites = await fixedRate(`${gateway}/api/items`, {
    headers: headers,
    seconds: SECONDS,
    rate: RATE,
  });
  clearInterval(writes);
  console.log(row(`GET /api/items, ${WRITES_PER_SECOND} writes/s`, withWrites));
  for (const [name, result] of [
    ['default page', defaultPage],
    ['location=Lisbon', byLocation],
  ] as const) {
    const ok = result.p99 <= TARGETS.browseP99Ms && result.errors + result.non2xx === 0;
    console.log(
      `${name.padEnd(16)} p99 ${fmt(result.p99)} ms, ${result.errors + result.non2xx} errors ` +
        `(target ≤ ${TARGETS.browseP99Ms} ms, 0 errors) — ${verdict(ok)}`,
    );
  }

  // The database part alone (the service's query, through mongoose like the service), to see where time goes.
  const timeQuery = async (filter: Record<string, unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await core.items.find(filter).sort({ createdAt: -1, _id: -1 }).limit(61).lean();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return `p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms`;
  };
  console.log(`engine alone, default page query:      ${await timeQuery(itemFilter({}))}`);
  console.log(
    `engine alone, location=Lisbon ($or place, $regex): ${await timeQuery(itemFilter({ location: 'Lisbon' }))}`,
  );
  // Browse by place (issue 22): one id, or an $in over the ids of every city within the radius.
  const lisbonId = matchPlace('Lisbon')!.id;
  console.log(
    `engine alone, placeId=Lisbon:           ${await timeQuery(itemFilter({ placeId: lisbonId }))}`,
  );
  for (const km of [50, 200]) {
    const ids = placeIdsWithin(lisbonId, km).length;
    console.log(
      `engine alone, placeId=Lisbon within ${km} km ($in over ${ids} ids): ` +
        `${await timeQuery(itemFilter({ placeId: lisbonId, withinKm: km }))}`,
    );
  }
  // What the service sends: the radius's ids narrowed to the places items have (list-items.ts).
  const stockedPlaceIds = new Set((await core.items.distinct('placeId')).filter(Boolean) as string[]);
  console.log(
    `engine alone, placeId=Lisbon within 200 km, narrowed to places with items: ` +
      `${await timeQuery(itemFilter({ placeId: lisbonId, withinKm: 200, stockedPlaceIds }))}`,
  );

  // Image pipeline vs bare sharp, same photo, same concurrency, alternating in rounds so that other work on the
  // machine weighs on both alike.
  const photo = await samplePhoto();
  configureSharpForWorker();
  await renderImageVariants(photo, PHOTO_VARIANTS);
  const workerPort = await freePort();
  const worker = await startProcess(
    'services/items/src/worker.ts',
    { ...serviceEnv, PORT: String(workerPort), IMAGE_CONCURRENCY: String(IMAGE_CONCURRENCY) },
    `http://127.0.0.1:${workerPort}/healthz`,
    WORKER_NODE_ARGS,
  );
  processes.push(worker);
  const queue = createImageQueue({ redis: client, prefix: 'benchbull' });
  const eventsConnection = createRedis(redis.url, { name: 'bench-items-events', forBullmq: true });
  const events = new QueueEvents(IMAGE_QUEUE, { connection: eventsConnection, prefix: 'benchbull' });
  await events.waitUntilReady();
  let completed = 0;
  let failed = 0;
  events.on('completed', () => (completed += 1));
  events.on('failed', () => (failed += 1));
  /** Items of three photos each (as listed), uploads stored in GridFS as the API stores them. */
  const prepare = async (count: number) => {
    const jobs = [];
    for (let i = 0; i < count; i += 3) {
      const photos = Array.from({ length: Math.min(3, count - i) }, () => ({
        _id: new mongoose.Types.ObjectId(),
        state: 'processing' as const,
        error: null,
        createdAt: new Date(),
      }));
      const item = await core.items.create({
        title: 'Pipeline bench',
        description: 'Photos to process',
        category: 'Electronics',
        condition: 'good',
        location: 'Lisbon, Portugal',
        userId: new mongoose.Types.ObjectId(viewerId),
        photos,
      });
      for (const { _id: imageId } of photos) {
        await core.files.saveUpload({
          id: imageId,
          data: photo,
          contentType: 'image/jpeg',
          metadata: { itemId: item._id, userId: item.userId },
        });
        jobs.push({
          name: 'process',
          data: { itemId: item._id.toHexString(), imageId: imageId.toHexString() },
          opts: { jobId: imageId.toHexString() },
        });
      }
    }
    return jobs;
  };
  /** Uploads are stored first (the API does that within the request); the clock runs from enqueue to done. */
  const runJobs = async (jobs: Awaited<ReturnType<typeof prepare>>) => {
    const target = completed + jobs.length;
    const started = performance.now();
    await queue.addBulk(jobs);
    while (completed + failed < target) await new Promise((resolve) => setTimeout(resolve, 5));
    if (failed > 0) throw new Error(`${failed} image jobs failed`);
    return performance.now() - started;
  };
  const runBare = async (count: number) => {
    const started = performance.now();
    await runPool(count, IMAGE_CONCURRENCY, async () => {
      await renderImageVariants(photo, PHOTO_VARIANTS);
    });
    return performance.now() - started;
  };
  // Warm-up of both sides until steady (with a dozen jobs only, the first measured round of the pipeline ran
  // 5–8 % slower than the next two: the worker's and the engine's code paths were still being optimised).
  await runBare(20);
  await runJobs(await prepare(60));

  const ROUNDS = 3;
  const perRound = Math.max(3, Math.round(IMAGES / ROUNDS));
  // Redis's own pid (it may be a server the bench did not start); the bench process enqueues and counts.
  const redisPid = Number(/process_id:(\d+)/.exec(await client.info('server'))?.[1]);
  const parts = {
    worker: worker.pid,
    'embedded engine': mongo.child.pid,
    'items API': itemsApi.pid,
    Redis: redisPid,
    'bench (enqueue, count)': process.pid,
  };
  const rounds: { bare: number; pipeline: number }[] = [];
  const pipelineCpu: Record<string, number | null> = Object.fromEntries(
    Object.keys(parts).map((name) => [name, 0]),
  );
  let bareCpuMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const bareCpu = process.cpuUsage();
    const bareMs = await runBare(perRound);
    const bareCpuUsed = process.cpuUsage(bareCpu);
    bareCpuMs += (bareCpuUsed.user + bareCpuUsed.system) / 1000;

    const jobs = await prepare(perRound);
    const before = Object.fromEntries(Object.entries(parts).map(([name, pid]) => [name, cpuMs(pid)]));
    const pipelineMs = await runJobs(jobs);
    for (const [name, pid] of Object.entries(parts)) {
      const after = cpuMs(pid);
      const start = before[name];
      const sum = pipelineCpu[name];
      pipelineCpu[name] =
        after === null || start === null || start === undefined || sum === null || sum === undefined
          ? null
          : sum + (after - start);
    }
    rounds.push({ bare: perRound / (bareMs / 1000), pipeline: perRound / (pipelineMs / 1000) });
  }
  const notReady = await core.items.countDocuments({ 'photos.state': 'processing' });
  if (notReady > 0) throw new Error(`${notReady} items still have processing photos`);
  await events.close();
  await closeRedis(eventsConnection);
  await queue.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratios = rounds.map((round) => round.pipeline / round.bare);
  const ratio = median(ratios);
  const total = perRound * ROUNDS;
  console.log(
    `\nImage pipeline (${ROUNDS} rounds of ${perRound} client-resized 600×450 JPEG photos, bare loop and pipeline ` +
      `alternating; concurrency ${IMAGE_CONCURRENCY}; ${(photo.length / 1024).toFixed(0)} KB each; ` +
      `4 variants: thumb and full, WebP and JPEG)`,
  );
  console.log(`bare sharp loop:           ${rounds.map((round) => fmt(round.bare, 1)).join(' / ')} images/s`);
  console.log(
    `through the pipeline:      ${rounds.map((round) => fmt(round.pipeline, 1)).join(' / ')} images/s ` +
      `(upload in GridFS → BullMQ → worker process → variants in GridFS → ready)`,
  );
  if (Object.values(pipelineCpu).every((value) => value !== null)) {
    const pipelineParts = Object.entries(pipelineCpu)
      .map(([name, ms]) => `${name} ${fmt(ms! / total, 1)} ms`)
      .join(', ');
    console.log(
      `CPU per image:             bare loop ${fmt(bareCpuMs / total, 1)} ms; pipeline: ${pipelineParts}`,
    );
  }
  console.log(
    `ratio (median of rounds):  ${fmt(ratio)}× [${ratios.map((value) => fmt(value)).join(', ')}] ` +
      `(target ≥ ${TARGETS.pipelineRatio}×) — ${verdict(ratio >= TARGETS.pipelineRatio)}`,
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const child of processes.reverse()) child.kill('SIGTERM');
  await connection.close();
  await closeRedis(client);
  await redis.stop();
  console.log(`(embedded engine and services stopped; data was in memory only: ${path.basename(dbName)})`);
}
