/**
 * The web app's speed budgets (issue 13): Lighthouse 12 (mobile preset, simulated throttling) driving Debian
 * chromium against the stack as `npm start` runs it, on `/` and `/browse` as a visitor and on an item page as an
 * approved demo user, `WEB_BENCH_RUNS` times each (default 3). Prints every run, then the median of each metric
 * with its budget beside it, and the JavaScript the first render of `/` needs (Brotli, from the build).
 *
 * Lighthouse is not in the lockfile (about 150 packages, 185 MB, for one benchmark): on first use it is installed
 * with npm into `node_modules/.cache/nomadswap-lighthouse` (pinned below) and reused from there. `LIGHTHOUSE_DIR`
 * names another install (a folder whose node_modules holds lighthouse@12). `CHROME_PATH` names the browser
 * (default /usr/bin/chromium). With `WEB_BENCH_URL` it measures that running stack (seeded with the demo data);
 * otherwise it starts one (`npm start` on a free port with a fresh data folder) and stops it afterwards. The JSON
 * reports are kept in a temporary folder whose name it prints. `WEB_BENCH_PAGES=browse,item` measures only those.
 *
 * Issue 25 adds the signed-in pages `/messages` with a conversation open and `/profile` (Performance ≥ 90,
 * LCP ≤ 2.0 s, CLS ≤ 0.05), two interactions — opening a conversation and sending a message — each measured as a
 * Lighthouse user-flow timespan at the mobile preset's 4× CPU slowdown (devtools throttling: a timespan cannot be
 * simulated) with its INP against 200 ms, and a floor: a minimal React + router page (bench/web-floor, built with
 * the app's bundler, served compressed by a small server here) measured the same way in the same run, page and
 * interactions. `WEB_BENCH_INTERACTIONS=0` leaves the interactions out; `BENCH_PORTS=a-b` (bench/lib.ts) keeps the
 * stack's and the floor's ports in a range.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { ROOT, benchPort, fmt } from './lib';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../scripts/seed/demo-catalogue';
import { AUTH_TOKEN_KEY } from '../shared/contracts/src/early-paint';
import {
  RENDER_SESSION_COOKIE,
  RENDER_SESSION_PATHS,
  RENDER_ZONE_COOKIE,
} from '../shared/contracts/src/render-session';

const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const demoLogin = (username: string) => ({
  email: `${username}@${DEMO_EMAIL_DOMAIN}`,
  password: DEMO_PASSWORD,
});
const DEMO_LOGIN = demoLogin('ana.ribeiro');
/** Ana's chat partners in the bench's conversations (demo users). */
const PARTNERS = ['kai.suwan', 'noor.haddad'];
/** Issue 25's interaction budget: next paint after the input, at 4× CPU slowdown. */
const INP_BUDGET_MS = 200;
const INTERACTIONS = process.env.WEB_BENCH_INTERACTIONS !== '0';

/** Each budget of issue 13: how to read it from a report, and which way is good. */
interface Budget {
  label: string;
  unit: string;
  digits: number;
  limit: number;
  /** 'min': the figure must be at least the limit; 'max': at most. */
  kind: 'min' | 'max';
  read: (report: Report) => number;
}

interface Audit {
  score?: number | null;
  numericValue?: number;
  title?: string;
  details?: { items?: Record<string, unknown>[] };
}
interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
  runtimeError?: { message: string };
}

const score = (category: string) => (r: Report) => Math.round((r.categories[category]?.score ?? 0) * 100);
const metric =
  (audit: string, scale = 1) =>
  (r: Report) =>
    (r.audits[audit]?.numericValue ?? NaN) / scale;

/** Bytes over the wire of every script the page loaded (the service worker's own fetches are not scripts). */
function scriptBytes(report: Report): number {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
}

const BUDGETS: Budget[] = [
  { label: 'Performance', unit: '', digits: 0, limit: 95, kind: 'min', read: score('performance') },
  {
    label: 'FCP',
    unit: 's',
    digits: 2,
    limit: NaN,
    kind: 'max',
    read: metric('first-contentful-paint', 1000),
  },
  {
    label: 'LCP',
    unit: 's',
    digits: 2,
    limit: 2.0,
    kind: 'max',
    read: metric('largest-contentful-paint', 1000),
  },
  { label: 'TBT', unit: 'ms', digits: 0, limit: 150, kind: 'max', read: metric('total-blocking-time') },
  { label: 'CLS', unit: '', digits: 3, limit: 0.05, kind: 'max', read: metric('cumulative-layout-shift') },
  { label: 'Accessibility', unit: '', digits: 0, limit: 100, kind: 'min', read: score('accessibility') },
  { label: 'Best Practices', unit: '', digits: 0, limit: 95, kind: 'min', read: score('best-practices') },
  { label: 'SEO', unit: '', digits: 0, limit: 95, kind: 'min', read: score('seo') },
  {
    label: 'JS transfer',
    unit: 'KiB',
    digits: 1,
    limit: NaN,
    kind: 'max',
    read: (r) => scriptBytes(r) / 1024,
  },
];
/** Compressed script for the first render of `/` (see `firstRenderBuildBytes`). */
const JS_BUDGET_KIB = 170;

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The folder holding `node_modules/lighthouse`, installing it there on first use. */
function lighthouseDir(): string {
  const given = process.env.LIGHTHOUSE_DIR;
  if (given) return path.resolve(given);
  const dir = path.join(ROOT, 'node_modules/.cache/nomadswap-lighthouse');
  const installed = path.join(dir, 'node_modules/lighthouse/package.json');
  if (fs.existsSync(installed)) {
    const { version } = JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string };
    if (version === LIGHTHOUSE_VERSION) return dir;
  }
  console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(ROOT, dir)} (once)…`);
  fs.mkdirSync(dir, { recursive: true });
  // Its own package.json keeps npm from climbing to the workspace root.
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  const result = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--omit=dev', `lighthouse@${LIGHTHOUSE_VERSION}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('npm could not install lighthouse (see above)');
  return dir;
}

type LighthouseFn = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: Report; report: string | string[] } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}
/** The part of puppeteer-core's page this bench drives. */
interface PuppeteerPage {
  goto(url: string, options?: { waitUntil?: string }): Promise<unknown>;
  evaluate<A>(fn: (arg: A) => void, arg: A): Promise<void>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
  waitForFunction<A>(fn: (arg: A) => boolean, options: { timeout?: number }, arg: A): Promise<unknown>;
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  close(): Promise<void>;
}
interface Puppeteer {
  connect(options: { browserURL: string }): Promise<{
    newPage(): Promise<PuppeteerPage>;
    disconnect(): Promise<void>;
  }>;
}
/** Lighthouse's user flow (startFlow): only timespans here. */
interface UserFlow {
  startTimespan(options: { name: string }): Promise<void>;
  endTimespan(): Promise<void>;
  createFlowResult(): Promise<{ steps: { name: string; lhr: Report }[] }>;
}
type StartFlow = (
  page: PuppeteerPage,
  options: { name: string; flags: Record<string, unknown> },
) => Promise<UserFlow>;

async function loadTools(dir: string) {
  const modules = path.join(dir, 'node_modules');
  const entry = (pkg: string, file: string) => pathToFileURL(path.join(modules, pkg, file)).href;
  const lighthouseModule = (await import(entry('lighthouse', 'core/index.js'))) as {
    default: LighthouseFn;
    startFlow: StartFlow;
  };
  const lighthouse = lighthouseModule.default;
  const startFlow = lighthouseModule.startFlow;
  const chromeLauncher = (await import(entry('chrome-launcher', 'dist/index.js'))) as ChromeLauncher;
  const puppeteer = (
    (await import(entry('puppeteer-core', 'lib/esm/puppeteer/puppeteer-core.js'))) as {
      default: Puppeteer;
    }
  ).default;
  return { lighthouse, startFlow, chromeLauncher, puppeteer };
}

async function startStack(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await benchPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-web-bench-'));
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
  // The first start builds the web app and seeds the demo data: minutes on a shared machine. The seed runs
  // after /api/health answers, so wait for the demo login too.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const token = await signIn(url).catch(() => undefined);
    if (token && (await firstItemId(url, token).catch(() => undefined))) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await stop();
  throw new Error(`the stack did not come up with its demo data at ${url}`);
}

async function signIn(base: string, login = DEMO_LOGIN): Promise<string> {
  return (await signInAs(base, login)).token;
}

async function signInAs(base: string, login: { email: string; password: string }) {
  const response = await fetch(new URL('api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`demo login ${login.email}: ${response.status}`);
  return (await response.json()) as { token: string; user: { id: string } };
}

/**
 * Conversations for Ana with each partner, a few messages each way, so `/messages` has a list to open and a
 * thread to show. Returns the partners' ids, in PARTNERS' order.
 */
async function seedConversations(base: string): Promise<string[]> {
  const ana = await signInAs(base, DEMO_LOGIN);
  const ids: string[] = [];
  for (const username of PARTNERS) {
    const partner = await signInAs(base, demoLogin(username));
    ids.push(partner.user.id);
    const lines: [sender: { token: string }, receiverId: string, content: string][] = [
      [partner, ana.user.id, 'Hi Ana! Is the tent still available for a swap?'],
      [ana, partner.user.id, 'Hi! Yes, it is. What would you like to offer?'],
      [partner, ana.user.id, 'I have a camping stove and a head torch, both barely used.'],
      [ana, partner.user.id, 'The stove sounds great. When are you in town?'],
      [partner, ana.user.id, 'Thursday and Friday. We could meet near the station.'],
    ];
    for (const [sender, receiverId, content] of lines) {
      const response = await fetch(new URL('api/messages', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ receiverId, content }),
      });
      if (!response.ok)
        throw new Error(`seeding a conversation: ${response.status} ${await response.text()}`);
    }
  }
  return ids;
}

/**
 * The floor page: bench/web-floor built with Vite into a temporary folder and served like the gateway serves the
 * app (Brotli when asked, immutable assets, index.html for every other path), on a port of its own.
 */
async function startFloor(): Promise<{ url: string; stop: () => Promise<void> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-web-floor-'));
  const built = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--config', 'bench/web-floor/vite.config.ts', '--outDir', outDir],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('building the floor page failed (see above)');
  const files = new Map<string, { body: Buffer; br: Buffer; type: string }>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const body = fs.readFileSync(full);
        const type = full.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
        files.set(`/${path.relative(outDir, full)}`, { body, br: zlib.brotliCompressSync(body), type });
      }
    }
  };
  walk(outDir);
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://floor').pathname;
    const file = files.get(pathname) ?? files.get('/index.html')!;
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': file.type,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    res.end(brotli ? file.br : file.body);
  });
  const port = await benchPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}/`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** An item of another demo user, so the page shows the owner card and the contact button. */
async function firstItemId(base: string, token: string): Promise<string | undefined> {
  const response = await fetch(new URL('api/items?limit=12', base), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) return undefined;
  const items = (await response.json()) as { id: string; user: { username: string } | null }[];
  return (items.find((item) => item.user?.username !== 'ana.ribeiro') ?? items[0])?.id;
}

interface Page {
  name: string;
  path: string;
  /** Signed in as an approved demo user (the token in localStorage before the page loads). */
  token?: string;
  /** Another origin than the stack's (the floor). */
  base?: string;
  /** Budgets that differ from BUDGETS' for this page, by label (NaN: printed without a budget). */
  limits?: Record<string, number>;
}

/** Issue 25's budgets for signed-in pages: Performance ≥ 90, LCP and CLS as for the others, TBT not budgeted. */
const SIGNED_IN_LIMITS = { Performance: 90, TBT: NaN };
/** The floor is the reference, not a page of ours: figures only. */
const NO_LIMITS = Object.fromEntries(BUDGETS.map((budget) => [budget.label, NaN]));

const tools = await loadTools(lighthouseDir());
const given = process.env.WEB_BENCH_URL;
const stack = given ? { url: given, stop: async () => {} } : await startStack();
const floor = await startFloor();
const reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nomadswap-web-reports-'));

/** A loaded machine sometimes spoils a trace (NO_NAVSTART, NO_FCP): that run is taken again, up to twice. */
async function measure(page: Page, run: number): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(page, run);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`    run ${run} again: ${(error as Error).message}`);
    }
  }
}

async function measureOnce(page: Page, run: number): Promise<Report> {
  const chrome = await tools.chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (page.token) {
      // A fresh profile per run; the token goes in through a JSON response of the same origin so that the HTTP
      // cache holds nothing of the app when Lighthouse loads it (storage reset is off to keep the token).
      const browser = await tools.puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await storeToken(tab, page.token);
      await tab.close();
      await browser.disconnect();
    }
    const result = await tools.lighthouse(new URL(page.path, page.base ?? stack.url).href, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(page.token),
    });
    if (!result) throw new Error('lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
    const file = path.join(reportsDir, `${page.name.replace(/\W+/g, '-')}-${run}.json`);
    fs.writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Signs the page's origin in as the web app does at login (web/src/lib/auth-token.ts): the token in localStorage,
 * its copy in the render cookie of each signed-in page the gateway renders and the browser's time zone beside it
 * (lib/render-session-cookie.ts), set from a JSON response of the stack.
 */
async function storeToken(tab: PuppeteerPage, token: string): Promise<void> {
  await tab.goto(new URL('api/health', stack.url).href);
  await tab.evaluate(
    ({ value, key, cookie, zoneCookie, paths }) => {
      // Runs in the page: the bench's own types have no DOM.
      const page = globalThis as unknown as {
        localStorage: { setItem(k: string, v: string): void };
        document: { cookie: string };
      };
      page.localStorage.setItem(key, value);
      // As the app asks (web/src/lib/render-session-cookie.ts): Temporal where the browser has it.
      const { Temporal } = globalThis as { Temporal?: { Now: { timeZoneId(): string } } };
      const zone = Temporal ? Temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
      for (const path of paths) {
        page.document.cookie = `${cookie}=${encodeURIComponent(value)}; Path=${path}; SameSite=Lax`;
        page.document.cookie = `${zoneCookie}=${encodeURIComponent(zone)}; Path=${path}; SameSite=Lax`;
      }
    },
    {
      value: token,
      key: AUTH_TOKEN_KEY,
      cookie: RENDER_SESSION_COOKIE,
      zoneCookie: RENDER_ZONE_COOKIE,
      paths: RENDER_SESSION_PATHS,
    },
  );
}

/** What a user does in a timespan: open a conversation from the list, then send a message in it. */
interface Interactions {
  name: string;
  base: string;
  token?: string;
  /** The page with the conversation list. */
  listPath: string;
  /** The link that opens a conversation. */
  conversationLink: string;
}
interface InteractionFigures {
  open: number;
  send: number;
  /** Total blocking time in each timespan (the main thread's long tasks around the interaction). */
  openTbt: number;
  sendTbt: number;
  /** The INP's phases in each timespan (ms). */
  openPhases: string;
  sendPhases: string;
}

const inp = (report: Report) => report.audits['interaction-to-next-paint']?.numericValue ?? NaN;

/** Where the INP went: Lighthouse's input delay, processing and presentation delay of that interaction. */
function phases(report: Report | undefined): string {
  const tables = (report?.audits['work-during-interaction']?.details?.items ?? []) as {
    items?: { phase?: string; total?: number }[];
  }[];
  const rows = tables.flatMap((table) => table.items ?? []).filter((row) => row.phase !== undefined);
  return rows.map((row) => `${row.phase!.toLowerCase()} ${fmt(row.total ?? NaN, 0)}`).join(', ');
}

/**
 * One user flow: two Lighthouse timespans at the mobile preset's CPU slowdown (4×, devtools throttling, since a
 * timespan records real time and cannot be simulated). The clicks are real input events (CDP), so the page's
 * Event Timing entries give Lighthouse its INP: the longest input → next paint in the span.
 */
async function measureInteractions(flow: Interactions, run: number): Promise<InteractionFigures> {
  const chrome = await tools.chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await tools.puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const tab = await browser.newPage();
    if (flow.token) await storeToken(tab, flow.token);
    const userFlow = await tools.startFlow(tab, {
      name: `${flow.name} ${run}`,
      flags: { throttlingMethod: 'devtools', logLevel: 'error', disableStorageReset: true },
    });
    await tab.goto(new URL(flow.listPath, flow.base).href, { waitUntil: 'networkidle0' });
    await tab.waitForSelector(flow.conversationLink, { timeout: 30_000 });

    await userFlow.startTimespan({ name: 'open a conversation' });
    await tab.click(flow.conversationLink);
    await tab.waitForSelector('form textarea[aria-label="Message"]', { timeout: 30_000 });
    await userFlow.endTimespan();

    const text = `bench message ${run} ${Date.now()}`;
    await tab.type('form textarea[aria-label="Message"]', text);
    await userFlow.startTimespan({ name: 'send a message' });
    await tab.click('form button[type="submit"]');
    await tab.waitForFunction(
      (sent: string) =>
        // Runs in the page: the message is on screen (optimistically, before the server's answer).
        (
          (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText ??
          ''
        ).includes(sent),
      { timeout: 30_000 },
      text,
    );
    await userFlow.endTimespan();

    const { steps } = await userFlow.createFlowResult();
    const file = path.join(reportsDir, `flow-${flow.name.replace(/\W+/g, '-')}-${run}.json`);
    fs.writeFileSync(file, JSON.stringify(steps.map((step) => ({ name: step.name, lhr: step.lhr }))));
    const [open, send] = steps.map((step) => step.lhr);
    const tbt = (report: Report | undefined) => report?.audits['total-blocking-time']?.numericValue ?? NaN;
    return {
      open: inp(open!),
      send: inp(send!),
      openTbt: tbt(open),
      sendTbt: tbt(send),
      openPhases: phases(open),
      sendPhases: phases(send),
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** Audits of the scored categories that did not pass in a report (what to look at when a score is short). */
function failing(report: Report): string[] {
  const ids = ['accessibility', 'best-practices', 'seo'].flatMap((category) => {
    const refs = (report.categories[category] as { auditRefs?: { id: string; weight: number }[] } | undefined)
      ?.auditRefs;
    return (refs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id);
  });
  return ids.filter((id) => {
    const audit = report.audits[id];
    return audit && typeof audit.score === 'number' && audit.score < 1;
  });
}

const limitOf = (page: Page, budget: Budget) => page.limits?.[budget.label] ?? budget.limit;

function verdict(budget: Budget, value: number, limit: number): string {
  if (Number.isNaN(limit)) return '';
  const ok = budget.kind === 'min' ? value >= limit : value <= limit;
  const sign = budget.kind === 'min' ? '≥' : '≤';
  return `${sign} ${fmt(limit, budget.digits)}${budget.unit ? ` ${budget.unit}` : ''}  ${ok ? 'ok' : 'MISSED'}`;
}

try {
  const token = await signIn(stack.url);
  const itemId = await firstItemId(stack.url, token);
  if (!itemId) throw new Error('no item to measure (is the demo data seeded?)');
  const [partnerId] = await seedConversations(stack.url);
  const pages: Page[] = [
    { name: 'home (visitor)', path: '/' },
    { name: 'browse (visitor)', path: '/browse' },
    { name: 'item (signed in)', path: `/item/${itemId}`, token, limits: SIGNED_IN_LIMITS },
    {
      name: 'messages, a conversation open (signed in)',
      path: `/messages?user=${partnerId}`,
      token,
      limits: SIGNED_IN_LIMITS,
    },
    { name: 'profile (signed in)', path: '/profile', token, limits: SIGNED_IN_LIMITS },
    { name: 'floor (React + router only)', path: '/', base: floor.url, limits: NO_LIMITS },
  ];
  const only = process.env.WEB_BENCH_PAGES?.split(',');
  const measured = only ? pages.filter((page) => only.some((name) => page.name.startsWith(name))) : pages;
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION} × ${RUNS} (mobile, simulated throttling) on ${stack.url}`);
  console.log(`reports in ${reportsDir}`);
  for (const page of measured) {
    const reports: Report[] = [];
    console.log(`\n${page.name}: ${page.path}`);
    for (let run = 1; run <= RUNS; run++) {
      const before = loadavg();
      const report = await measure(page, run);
      reports.push(report);
      const figures = BUDGETS.map((b) => `${b.label} ${fmt(b.read(report), b.digits)}${b.unit}`).join('  ');
      console.log(`  run ${run} (load ${before}): ${figures}`);
      const failed = failing(report);
      if (failed.length > 0) console.log(`    not passing: ${failed.join(', ')}`);
    }
    console.log(`  median of ${RUNS}                 value     spread         budget`);
    for (const budget of BUDGETS) {
      const values = reports.map(budget.read);
      const spread = `${fmt(Math.min(...values), budget.digits)}–${fmt(Math.max(...values), budget.digits)}`;
      console.log(
        `    ${budget.label.padEnd(16)} ${`${fmt(median(values), budget.digits)} ${budget.unit}`.padEnd(11)} ${spread.padEnd(14)} ${verdict(budget, median(values), limitOf(page, budget))}`,
      );
    }
  }
  if (INTERACTIONS && (!only || only.includes('interactions'))) {
    const flows: Interactions[] = [
      {
        name: 'messages (signed in)',
        base: stack.url,
        token,
        listPath: '/messages',
        conversationLink: `a[href*="user=${partnerId}"]`,
      },
      {
        name: 'floor (React + router only)',
        base: floor.url,
        listPath: '/',
        conversationLink: 'a[href*="user="]',
      },
    ];
    console.log(
      `\nInteractions: Lighthouse user-flow timespans, mobile preset, CPU 4× slower (devtools throttling), ` +
        `INP = the longest input → next paint; budget ≤ ${INP_BUDGET_MS} ms each, ${RUNS} runs`,
    );
    for (const flow of flows) {
      const runs: InteractionFigures[] = [];
      console.log(`\n${flow.name}`);
      for (let run = 1; run <= RUNS; run++) {
        const before = loadavg();
        const figures = await measureInteractions(flow, run);
        runs.push(figures);
        console.log(
          `  run ${run} (load ${before}): open a conversation INP ${fmt(figures.open, 0)} ms (${figures.openPhases}; ` +
            `TBT ${fmt(figures.openTbt, 0)} ms)  send a message INP ${fmt(figures.send, 0)} ms (${figures.sendPhases}; ` +
            `TBT ${fmt(figures.sendTbt, 0)} ms)`,
        );
      }
      const floorFlow = flow.base === floor.url;
      for (const [label, key] of [
        ['open a conversation', 'open'],
        ['send a message', 'send'],
      ] as const) {
        const values = runs.map((figures) => figures[key]);
        const value = median(values);
        const judged = floorFlow ? '' : `≤ ${INP_BUDGET_MS} ms  ${value <= INP_BUDGET_MS ? 'ok' : 'MISSED'}`;
        console.log(
          `    ${`INP, ${label}`.padEnd(28)} ${`${fmt(value, 0)} ms`.padEnd(9)} ${`${fmt(Math.min(...values), 0)}–${fmt(Math.max(...values), 0)}`.padEnd(12)} ${judged}`,
        );
      }
    }
  }
  console.log(`\nbuild: ${firstRenderBuildBytes()}`);
} finally {
  await floor.stop();
  await stack.stop();
}

/**
 * The budgeted figure: Brotli bytes of every script the first render of `/` needs, from the build's Vite manifest
 * (web/dist/.vite/manifest.json): the entry, the app it imports after the first paint (src/boot.tsx, in the `app`
 * chunk) and the home route (src/routes/home.tsx), each with its static imports, plus the classic scripts of index.html (the prerender
 * gate). (Lighthouse's transfer above adds about 1 KiB of HTTP headers per file and counts what loads later.)
 */
function firstRenderBuildBytes(): string {
  const dist = path.join(ROOT, 'web/dist');
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The entry imports the app (src/boot.tsx, inside the `app` chunk) and the home page, and nothing else a visitor
  // loads: the render cookie's writer is loaded by lib/auth-token.ts only when a session is stored or removed.
  const imported = entry
    ? manifest[entry]!.dynamicImports?.filter((key) => key !== 'src/lib/render-session-cookie.ts')
    : [];
  if (!entry || !imported?.includes('src/routes/home.tsx') || imported.length !== 2)
    throw new Error(`the web build's entry does not import exactly the app and the home page: ${imported}`);
  for (const key of [entry, ...imported]) visit(key);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<script(?![^>]*type="module")[^>]*src="\/([^"]+\.js)"/g)) files.add(m[1]!);
  const size = (file: string) => {
    const br = path.join(dist, `${file}.br`);
    return fs.statSync(fs.existsSync(br) ? br : path.join(dist, file)).size;
  };
  const kib = [...files].reduce((sum, file) => sum + size(file), 0) / 1024;
  return `JS for the first render of / (entry, app, home route and their imports, Brotli): ${files.size} files, ${fmt(kib, 1)} KiB   ≤ ${JS_BUDGET_KIB} KiB  ${kib <= JS_BUDGET_KIB ? 'ok' : 'MISSED'}`;
}
