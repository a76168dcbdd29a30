import { expect, test, type Page } from '@playwright/test';
import {
  approvedTraveller,
  framesSeen,
  layoutShiftSources,
  layoutShiftTotal,
  recordLayoutShifts,
  snap,
  token,
  watchFrames,
} from './support';

/*
 * index.html carries the visitor home prerendered at build time (web/src/early/prerender-home.ts): the hero paints
 * from the HTML, before the app's scripts. It must never show where it is not the page: other routes (the same
 * index.html answers them) and a signed-in user's home.
 */

const HERO = /Welcome to the sharing economy/;

/** The page without any of the app's scripts (what the browser can paint before they arrive). */
async function withoutAppScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/** Whether the prerendered hero was on screen, frame by frame (the wrapper is `display: contents`). */
const watchPrerender = (page: Page) => watchFrames(page, '[data-prerendered-home] #hero-title');

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

/** Where each element of the prerendered home starts (its top-left corner), in document order; only those on screen. */
const startsOnScreen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-prerendered-home] *, [data-prerendered-page] *')).map(
      (element, index) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        const shown =
          width > 0 && height > 0 && y < innerHeight && y + height > 0 && x < innerWidth && x + width > 0;
        return {
          index,
          element: `${element.nodeName}.${String(element.getAttribute('class') ?? '').slice(0, 40)}`,
          x,
          y,
          shown,
        };
      },
    ),
  );

for (const path of ['/', '/browse']) {
  test(`a visitor's ${path} paints in place as its HTML arrives: nothing on screen moves when the rest of the page comes`, async ({
    page,
  }) => {
    // On a slow network the browser paints the part of the document it has parsed (a CI run under load painted
    // the hero's heading alone first). What is painted then must be where it will stay: a decoration anchored to
    // the hero's bottom moved 250 px when the hero's text arrived (a layout shift of 0.078 on a phone). The
    // document (the build's home, the gateway's /browse) is cut after each block of the page rendered ahead and
    // laid out without the app's scripts.
    await withoutAppScripts(page);
    // The gateway serves the plain shell when items is slow to answer (250 ms): asked again until rendered.
    let html = '';
    await expect
      .poll(
        async () => {
          html = await (await page.request.get(path)).text();
          return html.search(/data-prerendered-(home|page)/);
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const start = html.search(/data-prerendered-(home|page)/);
    const end = html.indexOf('</main>', start);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const cuts = [...html.slice(start, end).matchAll(/<\/(?:h1|h2|p|section|ul|form)>/g)].map(
      (match) => start + match.index + match[0].length,
    );
    expect(cuts.length).toBeGreaterThan(5);
    let document = html;
    await page.route(
      (url) => url.pathname === path,
      (route) => route.fulfill({ contentType: 'text/html', body: document }),
    );
    await page.goto(path);
    const whole = await startsOnScreen(page);
    expect(whole.filter((element) => element.shown).length).toBeGreaterThan(10);
    const moved: string[] = [];
    for (const cut of cuts) {
      document = html.slice(0, cut);
      await page.goto(path);
      for (const early of await startsOnScreen(page)) {
        const later = whole[early.index];
        if (!early.shown || later?.element !== early.element) continue;
        if (Math.abs(later.x - early.x) > 1 || Math.abs(later.y - early.y) > 1)
          moved.push(`cut at ${cut}: ${early.element} (${early.x}, ${early.y}) -> (${later.x}, ${later.y})`);
      }
    }
    expect(moved).toEqual([]);
  });
}

test("a visitor's / requests the app's scripts only once its first contentful paint is on screen", async ({
  page,
}) => {
  // A phone's CPU (Lighthouse's 4× slowdown): a frame callback ran before the first paint was presented there,
  // and the app's downloads started 17–52 ms ahead of it (Lighthouse then counts them before FCP).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let load = 0; load < 3; load += 1) {
    await page.goto(load === 0 ? '/' : '/?load=' + load);
    await expect(page.getByRole('link', { name: 'Start Exchanging' })).toBeVisible();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/assets\/framework-/.test(entry.name)),
    );
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(framework|app|home|rolldown-runtime)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name.replace(/^.*\/assets\//, ''), start: entry.startTime })),
    }));
    expect(times.paint, 'the first contentful paint').not.toBeNull();
    expect(times.scripts.map((script) => script.name.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
      'app',
      'framework',
      'home',
      'home-shared',
      'rolldown-runtime',
    ]);
    for (const script of times.scripts)
      expect(
        script.start,
        `${script.name} requested before the first paint (load ${load})`,
      ).toBeGreaterThanOrEqual(times.paint!);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
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
  const seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);
  await snap(page, testInfo, 'prerender-signed-in-home');
});

test("the app takes over a visitor's prerendered home without a shift, and it works", async ({
  page,
}, testInfo) => {
  await watchPrerender(page);
  await recordLayoutShifts(page);
  await page.goto('/');
  // React's first commit replaces the markup (the wrapper goes) with the same page.
  await expect(page.locator('[data-prerendered-home]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO);
  const seen = await framesSeen(page);
  expect(seen.shown).toBeGreaterThan(0);
  expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThan(0.01);
  // The count of items nearby then takes its placeholder's place: nothing moves at all (its line moved 4 px).
  await expect(page.getByText(/\d+ active items? nearby/)).toBeVisible();
  expect(await layoutShiftSources(page)).toBe('');
  await snap(page, testInfo, 'prerender-visitor-home');

  // The app is live: a link is a client-side navigation now.
  await page.getByRole('link', { name: 'Start Exchanging' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(HERO);
});
