import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@nomadswap/dev-stores/free-port';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** Every latency in ms, sorted (fixed-rate runs only). */
  latencies?: number[];
}

/** As many requests as `connections` allow (autocannon): throughput, with whole-millisecond latencies. */
export async function saturate(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections,
    headers: options.headers,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * Open-loop load at a fixed rate with microsecond latencies (autocannon rounds to whole milliseconds, too coarse
 * for a gateway's added latency). Requests leave on schedule whether or not earlier ones have answered.
 */
export async function fixedRate(
  url: string,
  options: { seconds: number; rate: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const [result] = await fixedRateAlternating([url], { ...options, blockSeconds: options.seconds });
  return result as LoadResult;
}

/**
 * Like `fixedRate`, but the load goes to each URL in turn, `blockSeconds` at a time (A B A B …), for `seconds` per
 * URL. Comparing two paths this way exposes both to the same moments of the machine: on a shared 2-core box, a
 * burst of background work during one back-to-back run and not the other decides a p99 more than the code does.
 */
export async function fixedRateAlternating(
  urls: string[],
  options: { seconds: number; rate: number; blockSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const perUrl = urls.map(() => ({ latencies: [] as number[], errors: 0, non2xx: 0 }));
  const perBlock = Math.max(1, Math.round(options.blockSeconds * options.rate));
  const total = options.seconds * options.rate * urls.length;
  const interval = 1000 / options.rate;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const target = Math.floor(i / perBlock) % urls.length;
    const stats = perUrl[target]!;
    pending.push(
      new Promise<void>((resolve) => {
        const t0 = process.hrtime.bigint();
        http
          .get(urls[target]!, { agent, headers: options.headers }, (res) => {
            res.resume();
            res.on('end', () => {
              stats.latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
              if (res.statusCode === undefined || res.statusCode >= 300) stats.non2xx++;
              resolve();
            });
          })
          .on('error', () => {
            stats.errors++;
            resolve();
          });
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return perUrl.map(({ latencies, errors, non2xx }) => {
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      latencies,
      rps: latencies.length / (elapsed / urls.length),
      errors,
      non2xx,
    };
  });
}

/** Starts a TypeScript entry point as its own process (as the launcher does) and waits for a URL to answer. */
export async function startProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(readyUrl);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not answer at ${readyUrl}`);
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * A port for a server the bench starts. BENCH_PORTS=18150-18159 hands them out from that range in order instead of
 * asking the OS: on a machine shared by several people each keeps to their own range.
 */
export async function benchPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return freePort();
  nextBenchPort ??= Number(range[1]);
  if (nextBenchPort > Number(range[2])) throw new Error(`BENCH_PORTS ${range[0]} has too few ports`);
  return nextBenchPort++;
}
let nextBenchPort: number | undefined;
