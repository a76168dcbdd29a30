import { expect, test } from '@playwright/test';
import { snap } from './support';

test('the app shell loads at / with navigation, hero and footer', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to the sharing economy');
  await expect(page.getByRole('link', { name: /NomadSwap/i }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('2024');
  await expect(page).toHaveTitle(/NomadSwap/);
  await snap(page, testInfo, 'shell-home');
});

test('GET /api/health is green through the gateway', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: 'ok',
    services: { auth: 'up', items: 'up', messaging: 'up', moderation: 'up' },
    database: 'up',
    redis: 'up',
  });
});

test('the health banner stays hidden while everything is up', async ({ page }) => {
  const healthAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
  await page.goto('/');
  // Hidden means something only once the page has its health answer, and that answer was green.
  const health = await healthAnswer;
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('System Status:')).toHaveCount(0);
});

test('an unknown route shows the 404 page', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await snap(page, testInfo, 'shell-404');
});

test('/login and /register lead to the auth pages', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('an unknown /api path is a JSON 404, not the web app', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ error: 'Not found' });
});

test('the service worker and manifest are served from the root', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { icons: { sizes: string; purpose?: string }[] };
  expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(body.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
});
