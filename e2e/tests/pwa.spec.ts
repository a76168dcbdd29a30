import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ARTIFACTS, approvedTraveller, PASSWORD, token } from './support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'web/dist');

interface Manifest {
  name: string;
  theme_color: string;
  display: string;
  icons: { src: string; sizes: string; purpose?: string }[];
  screenshots: { src: string; sizes: string; form_factor: string }[];
  shortcuts: { name: string; url: string }[];
}

/** What is on screen (the banners sit at the top or bottom of the viewport, not of the whole page). */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${testInfo.project.name}.png`) });
}

/** Resolves once a service worker controls the page (clientsClaim: on the first visit already). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** What Chromium fires when the app may be installed (headless Chromium never does it by itself). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

test('the app is installable: manifest, icons, screenshots and shortcuts are served, the worker registers, the install banner offers the install and remembers its dismissal', async ({
  page,
  request,
}, testInfo) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'NomadSwap', theme_color: '#0f766e', display: 'standalone' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Browse', '/browse'],
    ['List Item', '/add-item'],
    ['Messages', '/messages'],
  ]);
  for (const file of [...manifest.icons, ...manifest.screenshots]) {
    const image = await request.get(file.src);
    expect(image.status(), file.src).toBe(200);
    expect(image.headers()['content-type'], file.src).toBe('image/png');
  }

  await page.goto('/');
  await controlledByServiceWorker(page);
  const scriptURL = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  expect(new URL(scriptURL).pathname).toBe('/sw.js');

  // Nothing offered yet: no banner. Then the browser offers the install.
  const banner = page.getByRole('region', { name: 'Install NomadSwap' });
  await expect(banner).toHaveCount(0);
  await offerInstall(page);
  await expect(banner).toBeVisible();
  await snap(page, testInfo, 'pwa-install-banner');
  await banner.getByRole('button', { name: 'Install', exact: true }).click();
  await expect.poll(() => page.evaluate(() => 'installPrompted' in window)).toBe(true);

  // Declined in the browser's dialog: the banner stays until closed, and once closed it stays away.
  await offerInstall(page);
  await banner.getByRole('button', { name: 'Not now' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await offerInstall(page);
  await expect(page.getByRole('link', { name: 'Mobile App' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('on an iPhone the install banner explains Add to Home Screen', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Install NomadSwap' });
  await expect(banner).toContainText('tap Share, then Add to Home Screen');
  await snap(page, testInfo, 'pwa-install-banner-ios');
  await context.close();
});

test('offline, a page seen before opens again with its content and photos, the offline banner says so, and a change is refused with a clear message', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const traveller = await approvedTraveller(request, 'Offline');
  const travellerToken = await token(request, traveller.email, PASSWORD);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), travellerToken);

  await page.goto('/');
  await controlledByServiceWorker(page);

  // Browse (the demo data) and open one item, online.
  await page.goto('/browse');
  // The first card with a photo (other specs list items without one).
  const firstCard = page
    .getByRole('article')
    .filter({ has: page.locator('img[src*="/api/images/"]') })
    .first();
  // Generous: on the shared test machine the first browse can take long.
  await expect(firstCard).toBeVisible({ timeout: 30_000 });
  const title = (await firstCard.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  if (process.env.PWA_SCREENSHOTS) {
    // The manifest's screenshots come from the real app (commit them to web/public/screenshots).
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const form = testInfo.project.name === 'mobile' ? 'narrow' : 'wide';
    await page.screenshot({ path: path.join(ROOT, `web/public/screenshots/browse-${form}.png`) });
  }
  await firstCard.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const itemUrl = page.url();
  // Its photos are loaded (and so cached) before the network goes.
  await page.waitForLoadState('networkidle').catch(() => undefined);

  await context.setOffline(true);
  const offlineBanner = page.getByText(/You're offline\. You can still see pages/);
  await expect(offlineBanner).toBeVisible();

  // A reload without network: the shell, the item and its photo come from the service worker's caches.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await expect(offlineBanner).toBeVisible();
  const photo = page.getByRole('img', { name: new RegExp(`^${escapeRegExp(title)}, photo 1`) });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, testInfo, 'pwa-offline-item');

  // A change is refused with the reason, not left hanging.
  await page.getByRole('button', { name: /favorites/ }).click();
  await expect(
    page.getByText("You're offline. This change needs a connection, so it was not sent.").first(),
  ).toBeVisible();
  await snap(page, testInfo, 'pwa-offline-refused');

  // The last browse results too.
  await page.goto('/browse');
  await expect(page.getByRole('article', { name: title })).toBeVisible({ timeout: 30_000 });

  await context.setOffline(false);
  await expect(offlineBanner).toHaveCount(0);
  expect(page.url()).not.toBe(itemUrl);
});

test('offline, conversations and messages read before open again, the message box stays above the tab bar and what is typed is sent on reconnect', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const [reader, writer] = await Promise.all([
    approvedTraveller(request, 'Reader'),
    approvedTraveller(request, 'Writer'),
  ]);
  const [readerToken, writerToken] = await Promise.all([
    token(request, reader.email, PASSWORD),
    token(request, writer.email, PASSWORD),
  ]);
  const sent = await request.post('/api/messages', {
    headers: { Authorization: `Bearer ${writerToken}` },
    data: { receiverId: reader.id, content: 'Is the backpack still there?' },
  });
  expect(sent.status()).toBe(201);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), readerToken);

  await page.goto('/');
  await controlledByServiceWorker(page);
  // Read online: the list, then the conversation.
  await page.goto(`/messages?user=${writer.id}`);
  const thread = page.getByRole('log', { name: /Conversation with Writer/ });
  await expect(thread.getByText('Is the backpack still there?')).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/You're offline\. You can still see pages/)).toBeVisible({ timeout: 30_000 });
  await expect(thread.getByText('Is the backpack still there?')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Could not load your conversations')).toHaveCount(0);
  await expect(page.getByText("Online status unknown while you're offline")).toBeVisible();
  await expect(page.getByText("You're offline — messages will be sent when you reconnect.")).toBeVisible();
  const box = page.getByRole('textbox', { name: /message/i });
  await expect(box).toBeVisible();
  if (testInfo.project.name === 'mobile') {
    // The message box is fully above the phone's tab bar, banner and all.
    const tabBar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
    const field = await box.boundingBox();
    expect(field && tabBar && field.y + field.height <= tabBar.y).toBe(true);
  } else {
    await expect(
      page.getByRole('navigation', { name: 'Conversations' }).getByText(writer.fullName),
    ).toBeVisible();
  }
  await box.fill('Yes, come by at six.');
  await box.press('Enter');
  await snap(page, testInfo, 'pwa-offline-messages');

  // Reloaded before the connection returns, what was typed is still there, still waiting (the outbox is stored).
  await page.reload();
  await expect(thread.getByText('Yes, come by at six.')).toBeVisible({ timeout: 30_000 });
  await expect(thread.getByText('Sending...')).toBeVisible();

  // Back online, the held message goes out, once.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const thread = await request.get(`/api/messages?with=${reader.id}`, {
          headers: { Authorization: `Bearer ${writerToken}` },
        });
        return ((await thread.json()) as { content: string }[]).map((m) => m.content);
      },
      { timeout: 30_000 },
    )
    .toContain('Yes, come by at six.');
  const final = await request.get(`/api/messages?with=${reader.id}`, {
    headers: { Authorization: `Bearer ${writerToken}` },
  });
  const contents = ((await final.json()) as { content: string }[]).map((m) => m.content);
  expect(contents.filter((c) => c === 'Yes, come by at six.')).toHaveLength(1);
  await expect(thread.getByText('Sending...')).toHaveCount(0);
});

test('a new version shows "Update available — Reload", and Reload runs it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/browse');
  await controlledByServiceWorker(page);
  const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);

  // A deploy: the server's worker changes (the gateway sends the build's twins, so they change with it).
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(DIST, name));
  const originals = files.map((file) => (fs.existsSync(file) ? fs.readFileSync(file) : null));
  const next = Buffer.concat([
    originals[0] ?? Buffer.alloc(0),
    Buffer.from(`\n// e2e deploy ${Date.now()}\n`),
  ]);
  try {
    fs.writeFileSync(files[0]!, next);
    if (originals[1]) fs.writeFileSync(files[1]!, zlib.brotliCompressSync(next));
    if (originals[2]) fs.writeFileSync(files[2]!, zlib.gzipSync(next));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('A new version of NomadSwap is ready.');
    await snap(page, testInfo, 'pwa-update-prompt');

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await controlledByServiceWorker(page);
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting).toBeNull();
    expect(before).toBeTruthy();
  } finally {
    files.forEach((file, i) => {
      const original = originals[i];
      if (original) fs.writeFileSync(file, original);
    });
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
