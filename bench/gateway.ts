/**
 * Gateway overhead: the same trivial service endpoint (bench/gateway-upstream.ts) hit directly and through the gateway, at a fixed 200 req/s and at
 * saturation. Targets (issue 3): p50 added ≤ 1.5 ms; p99 ≤ 1.5× direct; saturation throughput ≥ 0.6× direct.
 * GATEWAY_LOG_LEVEL=warn runs the gateway without per-request access logs (to compare). BENCH_SECONDS sets the length
 * of each measurement (default 10).
 */
import { startEmbeddedMongo } from '@nomadswap/embedded-mongo';
import { ensureRedis } from '@nomadswap/dev-stores/redis-server';
import { freePort } from '@nomadswap/dev-stores/free-port';
import { fixedRateAlternating, fmt, percentile, saturate, startProcess, type LoadResult } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const redis = await ensureRedis({ log: () => {} });
const mongo = await startEmbeddedMongo({ port: 0, log: () => {} });
const upstreamPort = await freePort();
const gatewayPort = await freePort();
const upstream = await startProcess(
  'bench/gateway-upstream.ts',
  { PORT: String(upstreamPort), MONGO_URL: mongo.uri, REDIS_URL: redis.url, LOG_LEVEL: 'info' },
  `http://127.0.0.1:${upstreamPort}/`,
);
const gateway = await startProcess(
  'gateway/src/server.ts',
  {
    PORT: String(gatewayPort),
    REDIS_URL: redis.url,
    ITEMS_URL: `http://127.0.0.1:${upstreamPort}`,
    LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL ?? 'info',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  },
  `http://127.0.0.1:${gatewayPort}/api/health`,
);

const direct = `http://127.0.0.1:${upstreamPort}/api/items`;
const viaGateway = `http://127.0.0.1:${gatewayPort}/api/items`;

try {
  // Warm up both paths (JIT, keep-alive sockets) before measuring.
  await saturate(direct, { seconds: 2, connections: 10 });
  await saturate(viaGateway, { seconds: 2, connections: 10 });

  const row = (name: string, r: LoadResult) =>
    `${name.padEnd(28)} p50 ${fmt(r.p50, 3).padStart(7)} ms   p99 ${fmt(r.p99, 3).padStart(7)} ms   ${fmt(r.rps, 0).padStart(6)} req/s   errors ${r.errors + r.non2xx}`;

  // Direct and via-gateway load alternate second by second, so both paths meet the same moments of the machine.
  const [fixedDirect, fixedGateway] = (await fixedRateAlternating([direct, viaGateway], {
    seconds: SECONDS,
    rate: 200,
    blockSeconds: 1,
  })) as [LoadResult, LoadResult];
  const satDirect = await saturate(direct, { seconds: SECONDS, connections: 50 });
  const satGateway = await saturate(viaGateway, { seconds: SECONDS, connections: 50 });

  console.log(
    `\nGateway overhead (${SECONDS} s per path; fixed rate alternates direct/gateway every second; 2 cores shared by load generator, gateway and upstream)`,
  );
  console.log(row('200 req/s direct', fixedDirect));
  console.log(row('200 req/s via gateway', fixedGateway));
  console.log(row('saturation direct', satDirect));
  console.log(row('saturation via gateway', satGateway));
  const tail = (r: LoadResult) =>
    [98, 99, 99.5, 99.9].map((q) => `p${q} ${fmt(percentile(r.latencies ?? [], q))}`).join('  ');
  console.log(`tail at 200 req/s, direct:      ${tail(fixedDirect)} ms`);
  console.log(`tail at 200 req/s, via gateway: ${tail(fixedGateway)} ms`);
  const addedP50 = fixedGateway.p50 - fixedDirect.p50;
  const p99Ratio = fixedGateway.p99 / Math.max(fixedDirect.p99, 0.001);
  const rpsRatio = satGateway.rps / satDirect.rps;
  const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  console.log(
    `p50 added at 200 req/s:       ${fmt(addedP50)} ms (target ≤ 1.5 ms) — ${verdict(addedP50 <= 1.5)}`,
  );
  console.log(
    `p99 ratio at 200 req/s:       ${fmt(p99Ratio)}× (target ≤ 1.5×) — ${verdict(p99Ratio <= 1.5)}`,
  );
  console.log(
    `saturation throughput ratio:  ${fmt(rpsRatio)}× (target ≥ 0.6×) — ${verdict(rpsRatio >= 0.6)}`,
  );
} finally {
  gateway.kill('SIGTERM');
  upstream.kill('SIGTERM');
  await mongo.stop();
  await redis.stop();
}
