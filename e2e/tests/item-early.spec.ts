import { expect, test, type Page } from '@playwright/test';
import {
  approvedTraveller,
  framesSeen,
  holdTheApp,
  layoutShiftTotal,
  recordLayoutShifts,
  snap,
  token,
  watchFrames,
} from './support';

/*
 * A signed-in user's item page paints from index.html's static skeleton (web/src/early/early-shell.ts), and its photo
 * — the page's LCP element — goes into the skeleton's gallery box as soon as the small entry's early read of the
 * item answers, before the app's script has run. React's first commit takes its place with the same page: the same
 * box, the same image, no shift and no second LCP. A visitor, or another route, never shows it.
 */

interface Card {
  id: string;
  cover: string | null;
}

/** A signed-in approved traveller's token and an item of the shared data that has a ready photo. */
async function signedInWithItem(page: Page, name: string) {
  const traveller = await approvedTraveller(page.request, name);
  const session = await token(page.request, traveller.email, 'swap-and-go-42');
  // The traveller's listing (a visitor's holds only the 6 newest, which other specs' items without photos can
  // fill); the shared e2e data holds items without a ready photo too, and a fresh stack's demo photos may still be
  // processing: asked until one is ready.
  let card: Card | undefined;
  await expect
    .poll(
      async () => {
        const listing = await page.request.get('/api/items?limit=100', {
          headers: { Authorization: `Bearer ${session}` },
        });
        const items = (await listing.json()) as { id: string; images: string[] }[];
        const found = items.find((candidate) => candidate.images.length > 0);
        card = found ? { id: found.id, cover: found.images[0]! } : undefined;
        return card !== undefined;
      },
      { message: 'an item with a photo', timeout: 60_000 },
    )
    .toBe(true);
  const item = (await (
    await page.request.get(`/api/items/${card!.id}`, { headers: { Authorization: `Bearer ${session}` } })
  ).json()) as { id: string; title: string; photos: { full: string | null }[] };
  return { session, id: item.id, title: item.title, photo: item.photos[0]!.full! };
}

/** Largest-contentful-paint entries from the start, and when the early skeleton left the document. */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const record = { lcp: [] as { url: string; size: number; time: number }[], takeOver: -1 };
    (window as unknown as { __paints: typeof record }).__paints = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { url: string; size: number; startTime: number }[])
        record.lcp.push({ url: entry.url, size: entry.size, time: entry.startTime });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.readyState !== 'loading' && !document.getElementById('ns-early-shell')) {
        record.takeOver = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const paints = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __paints: { lcp: { url: string; size: number; time: number }[]; takeOver: number };
        }
      ).__paints,
  );

const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });

test("a signed-in user's item page paints its photo before the app runs, and the app takes over without a shift", async ({
  page,
}, testInfo) => {
  const { session, id, title, photo } = await signedInWithItem(page, 'early');
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);
  await recordLayoutShifts(page);
  await recordPaints(page);
  const release = await holdTheApp(page);

  await page.goto(`/item/${id}`, { waitUntil: 'commit' });
  const early = page.locator(`#ns-early-shell [data-early-gallery] img[src="${photo}"]`);
  await expect(early).toBeVisible();
  await expect.poll(() => early.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The app has not run: nothing in #root, and the skeleton is hidden from assistive technology.
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  await expect(page.locator('#ns-early-shell')).toHaveAttribute('aria-hidden', 'true');
  const before = await box(page, '[data-early-gallery]');
  await snap(page, testInfo, 'item-early-photo', { fullPage: false }); // the layout shifts are checked below

  release();
  const real = page.locator(`#root main img[src="${photo}"]`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ns-early-shell')).toHaveCount(0);
  await expect(real).toBeVisible();
  // The same box at the same place: the photo does not move, and nothing else shifts.
  expect(await real.evaluate((img) => img.parentElement!.getBoundingClientRect().toJSON())).toMatchObject(
    before,
  );
  expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  // The photo is the LCP, painted before the take-over; the app's own image (same size) is no new one.
  const { lcp, takeOver } = await paints(page);
  expect(takeOver).toBeGreaterThan(0);
  const last = lcp.at(-1)!;
  const url = new URL(last.url);
  expect(url.pathname + url.search).toBe(photo);
  expect(last.time).toBeLessThan(takeOver);
  await snap(page, testInfo, 'item-early-taken-over');
  // One landmark of each kind: nothing of the skeleton is left.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
});

test("the app's script is asked for only once the early photo is on screen: its run cannot hold the photo's paint back", async ({
  page,
}) => {
  const { session, id, title, photo } = await signedInWithItem(page, 'earlyorder');
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);
  await recordPaints(page);
  const html = await (await page.request.get('/')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();

  await page.goto(`/item/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const { lcp } = await paints(page);
  const painted = lcp.find((entry) => entry.url !== '' && entry.url.endsWith(photo));
  expect(painted, 'the early photo was painted as the LCP').toBeDefined();
  // Every script but the small entry: the app's chunks (loaded by it, or preloaded once it starts).
  const appScripts = await page.evaluate(
    (entryPath) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(new URL(entry.name).pathname))
        .filter((entry) => new URL(entry.name).pathname !== entryPath)
        .map((entry) => entry.startTime),
    entry!,
  );
  expect(appScripts.length).toBeGreaterThan(0);
  expect(Math.min(...appScripts)).toBeGreaterThan(painted!.time);
});

test('a visitor never sees the item skeleton or its photo, nor does a signed-in user on another page', async ({
  page,
}) => {
  const { session, id, photo } = await signedInWithItem(page, 'earlyvisitor');
  await watchFrames(page, '#ns-early-shell > *');
  await page.goto(`/item/${id}`);
  await expect(page.getByText('Please log in to view item details.')).toBeVisible({ timeout: 30_000 });
  expect(await page.locator(`img[src="${photo}"]`).count()).toBe(0);
  let seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);

  await page.evaluate((value) => window.localStorage.setItem('authToken', value), session);
  await page.goto('/browse');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);
});
