import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * Debug aid for bench/chat: with MESSAGING_TIMINGS_FILE=path set, every send's stage durations, this process's
 * event-loop delay and its GC pauses are written as JSON percentiles to `path.<pid>` when the process exits.
 * Unset (production), marking a stage costs one `performance.now()`.
 */
const file = process.env.MESSAGING_TIMINGS_FILE;
const stages = new Map<string, number[]>();

/** Records that `stage` took from `since` to now (ms, performance clock); returns now for the next stage. */
export function markSendStage(stage: string, since: number): number {
  const now = performance.now();
  if (file) {
    let list = stages.get(stage);
    if (!list) stages.set(stage, (list = []));
    list.push(now - since);
  }
  return now;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function summary(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    totalMs: Math.round(sorted.reduce((a, b) => a + b, 0)),
  };
}

if (file) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc: number[] = [];
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) gc.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    const out = {
      stages: Object.fromEntries([...stages].map(([stage, list]) => [stage, summary(list)])),
      gcPauses: summary(gc),
      eventLoopDelayMs: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
    };
    fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(out, null, 1));
  });
}
