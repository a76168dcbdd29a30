/**
 * Lighthouse (mobile preset, the CLI's default) on the web app as `npm start` serves it: Performance score, First
 * Contentful Paint, Largest Contentful Paint, Total Blocking Time and total transfer, `LIGHTHOUSE_RUNS` times (default 3).
 *
 * Lighthouse is not a dependency of the repo (it pulls in a hundred packages and needs Node ≥ 18.16 for v12,
 * ≥ 22.19 for v13); install it anywhere (`npm i --prefix /tmp/lh lighthouse@12`) and point `LIGHTHOUSE_BIN` at
 * its `node_modules/.bin/lighthouse`. `CHROME_PATH` names the browser (default /usr/bin/chromium). With
 * `LIGHTHOUSE_URL` it measures that running stack; otherwise it starts one (`npm start` on a free port with a fresh
 * data folder) and stops it afterwards. Without a Lighthouse binary it says so and skips.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@nomadswap/dev-stores/free-port';
import { ROOT, fmt } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BIN = process.env.LIGHTHOUSE_BIN ?? 'lighthouse';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
}

if (spawnSync(BIN, ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.log(
    `skipped: no Lighthouse at '${BIN}' (set LIGHTHOUSE_BIN; see the comment at the top of this file)`,
  );
  process.exit(0);
}

async function startStack(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}/`;
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // The first start builds the web app and seeds the demo data: minutes on a shared machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const health = await fetch(`${url}api/health`).catch(() => undefined);
    if (health?.ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`the stack did not come up at ${url}`);
}

function runLighthouse(url: string): Report {
  const out = path.join(os.tmpdir(), `nomadswap-lighthouse-${process.pid}.json`);
  const result = spawnSync(
    BIN,
    [
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-path=${CHROME_PATH}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  fs.rmSync(out, { force: true });
  return report;
}

const given = process.env.LIGHTHOUSE_URL;
const stack = given ? { url: given, stop: async () => {} } : await startStack();
try {
  console.log(`\nLighthouse ${RUNS}× (mobile preset) on ${stack.url}`);
  for (let run = 1; run <= RUNS; run++) {
    const report = runLighthouse(stack.url);
    const ms = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
    const score = Math.round((report.categories.performance.score ?? 0) * 100);
    console.log(
      `run ${run}: Performance ${score}   FCP ${fmt(ms('first-contentful-paint') / 1000, 1)} s   LCP ${fmt(ms('largest-contentful-paint') / 1000, 1)} s   TBT ${fmt(ms('total-blocking-time'), 0)} ms   transfer ${fmt(ms('total-byte-weight') / 1024, 0)} KiB`,
    );
  }
} finally {
  await stack.stop();
}
