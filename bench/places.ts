/**
 * The gazetteer's cost (issue 22): load time and retained heap at three population cuts, each in a fresh
 * process, and the time of a search, a nearest-city and a radius lookup once loaded.
 * Run: npx tsx bench/places.ts (or `npm run bench -- places`)
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Gazetteer } from '@nomadswap/places/gazetteer';
import { PLACES_MIN_POPULATION } from '@nomadswap/places/places';
import { percentile } from './lib';

const CUTS = [1_000, 5_000, 15_000];
const QUERIES = [
  'l',
  'lis',
  'san',
  'sao paulo',
  'lisbon, portugal',
  'chiang m',
  'amsterdm',
  'lisbonn',
  'xqzvk',
];
const ROUNDS = 200;

function heapMb(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/** In a child: builds the gazetteer at one cut and prints {places, loadMs, heapMb, ...per-call timings}. */
function measure(minPopulation: number): void {
  const before = heapMb();
  const start = performance.now();
  const gazetteer = new Gazetteer({ minPopulation });
  const loadMs = performance.now() - start;
  const heap = heapMb() - before;
  const time = (fn: () => unknown) => {
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t = performance.now();
      fn();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  };
  const lisbon = gazetteer.match('Lisbon')!.id;
  const figures = {
    places: gazetteer.size,
    loadMs,
    heapMb: heap,
    search: Object.fromEntries(QUERIES.map((q) => [q, time(() => gazetteer.search(q, 8))])),
    nearest: time(() => gazetteer.nearest(38.7 + Math.random(), -9.1 + Math.random())),
    match: time(() => gazetteer.match('Lisboa')),
    within50: time(() => gazetteer.idsWithin(lisbon, 50)),
    within50Count: gazetteer.idsWithin(lisbon, 50).length,
    within200Count: gazetteer.idsWithin(lisbon, 200).length,
  };
  console.log(JSON.stringify(figures));
}

const child = process.argv.indexOf('--cut');
if (child >= 0) {
  measure(Number(process.argv[child + 1]));
} else {
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; the default cut is ${PLACES_MIN_POPULATION}`,
  );
  const fmt = (t: { p50: number; p99: number }) => `${t.p50.toFixed(3)}/${t.p99.toFixed(3)}`;
  for (const cut of CUTS) {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--cut', String(cut)],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    const f = JSON.parse(run.stdout.trim().split('\n').pop()!);
    console.log(
      `≥${cut}: ${f.places} places, load ${f.loadMs.toFixed(0)} ms, heap ${f.heapMb.toFixed(1)} MB; ` +
        `within 50 km of Lisbon ${f.within50Count} (200 km ${f.within200Count}); ms p50/p99: nearest ${fmt(f.nearest)}, ` +
        `match ${fmt(f.match)}, within 50 km ${fmt(f.within50)}`,
    );
    console.log(
      `  search ms p50/p99: ${Object.entries(f.search as Record<string, { p50: number; p99: number }>)
        .map(([q, t]) => `'${q}' ${fmt(t)}`)
        .join(', ')}`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
