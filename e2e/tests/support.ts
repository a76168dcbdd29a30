import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
export const AVATAR = path.join(FIXTURES, 'avatar.jpg');

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * Saves a screenshot named after the scenario and the viewport project, for a person to look at: the full page, or
 * with `{ fullPage: false }` the viewport only. A full-page capture lays the page out for the capture and back,
 * which the page may record as layout shifts (the /profile skeleton's "rare shift": the fixed tab bar and the
 * header's row, during the capture, in 2 of 10 runs): a test that checks the layout shifts of a page's start takes
 * the viewport only before that check.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({
    path: path.join(ARTIFACTS, `${name}-${testInfo.project.name}.png`),
    fullPage,
  });
}

export interface StackFile {
  url: string;
  dataDir: string;
  mongoUrl: string;
  redisUrl: string;
  services: Record<'auth' | 'items' | 'messaging' | 'moderation', string>;
}

/** What the launcher wrote about the running stack (service URLs, stores). */
export function readStack(): StackFile {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through `npm test` or the Playwright config)');
  return JSON.parse(fs.readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as StackFile;
}

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};
export const PASSWORD = 'swap-and-go-42';

export interface Account {
  id: string;
  email: string;
  fullName: string;
}

export async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** An approved traveller, made through the public API as a person and an admin would. */
export async function approvedTraveller(request: APIRequestContext, name: string): Promise<Account> {
  const tag = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${tag}@example.com`;
  const avatar = `data:image/jpeg;base64,${fs.readFileSync(AVATAR).toString('base64')}`;
  const registered = await request.post('/api/auth/register', {
    data: {
      fullName: `${name} Traveller`,
      username: tag,
      email,
      location: 'Lisbon, Portugal',
      password: PASSWORD,
      bio: 'Moving on next week, travelling light.',
      avatar,
    },
  });
  expect(registered.status()).toBe(201);
  const user = ((await registered.json()) as { user: { id: string; fullName: string } }).user;
  const adminToken = await token(request, ADMIN.email, ADMIN.password);
  const approved = await request.post(`/api/admin/approve-user/${user.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(approved.status()).toBe(200);
  return { id: user.id, email, fullName: user.fullName };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true }).first()).toBeVisible();
}

/**
 * Before every animation frame, from the very first one (an init script runs before the page's own scripts):
 * counts the frames and those in which an element matching `selector` had a box on screen. Read with
 * {@link framesSeen}.
 */
export async function watchFrames(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const seen = { frames: 0, shown: 0 };
    (window as unknown as { __frames: typeof seen }).__frames = seen;
    const check = () => {
      seen.frames++;
      const element = document.querySelector(watched);
      if (element && element.getClientRects().length > 0) seen.shown++;
      if (seen.frames < 600) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, selector);
}

export const framesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: { frames: number; shown: number } }).__frames);

/** Holds every script of the app but the small entry index.html names, until the returned function is called. */
export async function holdTheApp(page: Page): Promise<() => void> {
  const html = await (await page.request.get('/')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (new URL(route.request().url()).pathname !== entry) await released;
    await route.continue();
  });
  return release;
}

/** Records every layout shift of the page from its start; read the total with {@link layoutShiftTotal}. */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    const moved: string[] = [];
    (window as unknown as { __shifts: number[]; __moved: string[] }).__shifts = shifts;
    (window as unknown as { __moved: string[] }).__moved = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number;
          sources?: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[];
        };
        shifts.push(shift.value);
        for (const source of shift.sources ?? [])
          moved.push(
            `${Math.round(entry.startTime)} ms ${shift.value.toFixed(3)} ${source.node?.nodeName ?? '?'}.${String((source.node as Element | null)?.className ?? '').slice(0, 40)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)} vp ${innerWidth}x${innerHeight} sy ${scrollY}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What moved in each recorded layout shift (when, how much, the element), to say why a shift check failed. */
export const layoutShiftSources = (page: Page) =>
  page.evaluate(() => (window as unknown as { __moved: string[] }).__moved.join('\n'));

export const layoutShiftTotal = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0));

// Evaluated through the debugging protocol, which the page's CSP (script-src 'self') does not govern.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.0, 2.1 and 2.2 A/AA rules on the page as it is; only serious and critical findings are returned. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
