import { expect, test, type Request } from '@playwright/test';
import { PASSWORD, approvedTraveller, token } from './support';

/*
 * What a phone downloads while loading `/` is budgeted (issue 25: all of it, headers included, as Lighthouse's
 * network records count it). Every script is a request and its response headers: the first render is the entry,
 * the app (the toast region is in it), the framework, Rolldown's runtime, the home page and what it shares with
 * other pages (web/vite.config.ts, firstRenderChunk); once the page has loaded nothing more comes — the service
 * worker is registered without workbox-window. Hashed scripts carry no document header
 * (gateway/src/security-headers.ts).
 */

/** A built file's name without its hash: `/assets/home-shared-B9FJ1Ir5.js` → `home-shared`. */
const chunkName = (url: string) =>
  new URL(url).pathname
    .replace(/^\/(assets\/)?/, '')
    .replace(/\.js$/, '')
    .replace(/-[\w-]{8}$/, '');

test("a visitor's / loads seven scripts, none after load, and its hashed scripts carry only the headers a script needs", async ({
  page,
}, testInfo) => {
  const scripts: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  await page.goto('/');
  // The sentinel that the page has loaded and the browser was idle: the service worker is registered then
  // (features/pwa), the last thing that used to bring a script of its own. Its own script is not a page script.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForLoadState('networkidle');
  const names = () => scripts.map((request) => chunkName(request.url())).sort();
  expect(names()).toEqual([
    'app',
    'framework',
    'home',
    'home-shared',
    'index',
    'prerender-gate',
    'rolldown-runtime',
  ]);
  let bytes = 0;
  for (const request of scripts) {
    const response = (await request.response())!;
    const headers = await response.allHeaders();
    expect(headers['x-content-type-options'], request.url()).toBe('nosniff');
    expect(headers['cross-origin-resource-policy'], request.url()).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(headers[name], `${name} on ${request.url()}`).toBeUndefined();
    const sizes = await request.sizes();
    bytes += sizes.responseHeadersSize + sizes.responseBodySize;
  }
  // The figure Lighthouse would count for these requests (bench/web.ts budgets it; not pinned here: it moves with
  // every change of the app).
  testInfo.annotations.push({ type: 'scripts of /', description: `${(bytes / 1024).toFixed(1)} KiB` });
});

/*
 * `signed-in-shared` gathers the small modules `/messages` and `/profile` share with pages only a signed-in user
 * opens (web/vite.config.ts, SIGNED_IN_ENTRIES): a visitor's page must never download it, or the list is wrong.
 */
test("no visitor page downloads the signed-in pages' shared chunk; /profile does", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(chunkName(request.url()));
  });
  for (const path of [
    '/',
    '/browse',
    '/auth/register',
    '/auth/login',
    '/contact',
    '/learn-more',
    '/safety-guidelines',
    '/community-rules',
    '/terms-of-service',
    '/privacy-policy',
    '/legal-summary',
    '/report-issue',
    '/alerts/stop',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts, path).not.toContain('signed-in-shared');
  }
  expect(scripts).toContain('app');

  const traveller = await approvedTraveller(request, 'Ana');
  const authToken = await token(request, traveller.email, PASSWORD);
  await page.evaluate((value) => window.localStorage.setItem('authToken', value), authToken);
  await page.goto('/profile');
  await expect(page.getByRole('tablist')).toBeVisible();
  expect(scripts).toContain('signed-in-shared');
});
