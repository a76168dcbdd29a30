/**
 * Should the gateway compress API JSON? The browse page (`BROWSE_ITEMS` items, default 60 — a signed-in
 * traveller's page; a visitor's is 6) proxied by the gateway as it is and by the same gateway with the
 * `compression` middleware (bench/gateway-compressed.ts), side by side in each round: fixed-rate load alternating
 * between the two every second (latency, and each gateway process's CPU per request from /proc), then each at
 * saturation. The client asks as a browser does (`accept-encoding: gzip, deflate, br, zstd`). `BENCH_SECONDS`
 * (default 10) per path and round, `BENCH_ROUNDS` (default 3). Also prints what the saved bytes are worth on
 * Lighthouse's mobile link (1.6 Mbit/s).
 */
import http from 'node:http';
import { startEmbeddedMongo } from '@nomadswap/embedded-mongo';
import { ensureRedis } from '@nomadswap/dev-stores/redis-server';
import { freePort } from '@nomadswap/dev-stores/free-port';
import { cpuMs, fixedRateAlternating, fmt, saturate, startProcess, type LoadResult } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ITEMS = Number(process.env.BROWSE_ITEMS ?? 60);
const RATE = 200;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** Lighthouse's simulated mobile download link. */
const MOBILE_BITS_PER_MS = 1638.4;

const redis = await ensureRedis({ log: () => {} });
const mongo = await startEmbeddedMongo({ port: 0, log: () => {} });
const upstreamPort = await freePort();
const upstream = await startProcess(
  'bench/gateway-upstream.ts',
  {
    PORT: String(upstreamPort),
    MONGO_URL: mongo.uri,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'info',
    BROWSE_ITEMS: String(ITEMS),
  },
  `http://127.0.0.1:${upstreamPort}/`,
);
async function startGateway(entry: string) {
  const port = await freePort();
  const child = await startProcess(
    entry,
    {
      PORT: String(port),
      REDIS_URL: redis.url,
      ITEMS_URL: `http://127.0.0.1:${upstreamPort}`,
      LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL ?? 'info',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      // The load comes from one address: no per-client cap on open requests (256 is the most it allows).
      CLIENT_MAX_IN_FLIGHT: '256',
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  return { child, url: `http://127.0.0.1:${port}/api/items` };
}
const plain = await startGateway('gateway/src/server.ts');
const compressed = await startGateway('bench/gateway-compressed.ts');

/** One response as it travels: its encoding and the bytes of its body on the wire. */
function onTheWire(url: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'] ?? 'identity', bytes }));
      })
      .on('error', reject);
  });
}

try {
  const [plainWire, compressedWire] = [await onTheWire(plain.url), await onTheWire(compressed.url)];
  await saturate(plain.url, { seconds: 2, connections: 10, headers: BROWSER });
  await saturate(compressed.url, { seconds: 2, connections: 10, headers: BROWSER });

  console.log(
    `\nAPI JSON compression at the gateway: browse page of ${ITEMS} items, ${SECONDS} s per path and round, ${ROUNDS} rounds` +
      `\nas is:      ${plainWire.bytes} B (${plainWire.encoding})` +
      `\ncompressed: ${compressedWire.bytes} B (${compressedWire.encoding})`,
  );
  const row = (name: string, r: LoadResult, cpu?: number) =>
    `${name.padEnd(26)} p50 ${fmt(r.p50, 3).padStart(7)} ms   p99 ${fmt(r.p99, 3).padStart(7)} ms   ${fmt(r.rps, 0).padStart(6)} req/s` +
    (cpu === undefined ? '' : `   gateway CPU ${fmt(cpu, 3)} ms/req`) +
    `   errors ${r.errors + r.non2xx}`;
  for (let round = 1; round <= ROUNDS; round++) {
    const cpuBefore = [cpuMs(plain.child.pid!), cpuMs(compressed.child.pid!)];
    const [fixedPlain, fixedCompressed] = (await fixedRateAlternating([plain.url, compressed.url], {
      seconds: SECONDS,
      rate: RATE,
      blockSeconds: 1,
      headers: BROWSER,
    })) as [LoadResult, LoadResult];
    const requests = SECONDS * RATE;
    const cpuPlain = (cpuMs(plain.child.pid!) - cpuBefore[0]!) / requests;
    const cpuCompressed = (cpuMs(compressed.child.pid!) - cpuBefore[1]!) / requests;
    const satPlain = await saturate(plain.url, { seconds: SECONDS, connections: 50, headers: BROWSER });
    const satCompressed = await saturate(compressed.url, {
      seconds: SECONDS,
      connections: 50,
      headers: BROWSER,
    });
    console.log(`round ${round}`);
    console.log(row(`  ${RATE} req/s as is`, fixedPlain, cpuPlain));
    console.log(row(`  ${RATE} req/s compressed`, fixedCompressed, cpuCompressed));
    console.log(row('  saturation as is', satPlain));
    console.log(row('  saturation compressed', satCompressed));
  }
  const savedMs = ((plainWire.bytes - compressedWire.bytes) * 8) / MOBILE_BITS_PER_MS;
  console.log(
    `bytes saved per response: ${plainWire.bytes - compressedWire.bytes} B = ${fmt(savedMs, 1)} ms on a 1.6 Mbit/s mobile link`,
  );
} finally {
  for (const child of [plain.child, compressed.child, upstream]) child.kill('SIGTERM');
  await mongo.stop();
  await redis.stop();
}
