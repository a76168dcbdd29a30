import { expect, test, type Page } from '@playwright/test';
import { approvedTraveller, snap, token } from './support';

/*
 * index.html carries the visitor home prerendered at build time (web/scripts/prerender-home.ts): the hero paints
 * from the HTML, before the app's scripts. It must never show where it is not the page: other routes (the same
 * index.html answers them) and a signed-in user's home.
 */

const HERO = /Welcome to the sharing economy/;

/** The page without any of the app's scripts (what the browser can paint before they arrive). */
async function withoutAppScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/**
 * Before every frame, whether the prerendered markup was on screen, from the very first one (an init script runs
 * before the page's own scripts).
 */
async function watchPrerender(page: Page) {
  await page.addInitScript(() => {
    const seen = { frames: 0, prerenderShown: 0 };
    (window as unknown as { __prerender: typeof seen }).__prerender = seen;
    const check = () => {
      seen.frames++;
      // The wrapper is `display: contents` (no box of its own): look at the hero inside it.
      const hero = document.querySelector('[data-prerendered-home] #hero-title');
      if (hero && hero.getClientRects().length > 0) seen.prerenderShown++;
      if (seen.frames < 600) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
const prerenderSeen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __prerender: { frames: number; prerenderShown: number } }).__prerender,
  );

test("a visitor's / paints the header and hero from the HTML, before any script of the app", async ({
  page,
}, testInfo) => {
  await withoutAppScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO);
  await expect(page.getByRole('link', { name: 'Start Exchanging' })).toHaveAttribute(
    'href',
    '/auth/register',
  );
  await expect(page.getByRole('banner')).toBeVisible();
  await snap(page, testInfo, 'prerendered-home-no-js');
});

test('on any other route the prerendered home stays hidden', async ({ page }) => {
  await withoutAppScripts(page);
  for (const path of ['/browse', '/messages', '/learn-more', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('#hero-title'), path).toBeHidden();
    await expect(page.locator('[data-prerendered-home]'), path).toBeHidden();
  }
});

test("a signed-in user's / never shows the visitor home, not even before the app runs", async ({
  page,
  request,
}, testInfo) => {
  const traveller = await approvedTraveller(request, 'prerender');
  const session = await token(request, traveller.email, 'swap-and-go-42');
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);

  // No script of the app: the stored session alone hides the markup.
  await withoutAppScripts(page);
  await page.goto('/');
  await expect(page.locator('[data-prerendered-home]')).toBeHidden();
  await page.unrouteAll();

  // With the app: not one frame of the prerendered markup, and the signed-in home comes.
  await watchPrerender(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /New near you/i })).toBeVisible();
  const seen = await prerenderSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.prerenderShown).toBe(0);
  await snap(page, testInfo, 'prerender-signed-in-home');
});

test("the app takes over a visitor's prerendered home without a shift, and it works", async ({
  page,
}, testInfo) => {
  await watchPrerender(page);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  // React's first commit replaces the markup (the wrapper goes) with the same page.
  await expect(page.locator('[data-prerendered-home]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO);
  const seen = await prerenderSeen(page);
  expect(seen.prerenderShown).toBeGreaterThan(0);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  await snap(page, testInfo, 'prerender-visitor-home');

  // The app is live: a link is a client-side navigation now.
  await page.getByRole('link', { name: 'Start Exchanging' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(HERO);
});
