import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { readStack, snap } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A second gateway over the running stack, except that the moderation service is stopped (nothing listens at its
 * address): what users get when one service is down.
 */
let gateway: ChildProcess;
let url: string;

test.beforeAll(async () => {
  const stack = readStack();
  const port = await freePort();
  gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      REDIS_URL: stack.redisUrl,
      AUTH_URL: stack.services.auth,
      ITEMS_URL: stack.services.items,
      MESSAGING_URL: stack.services.messaging,
      MODERATION_URL: `http://127.0.0.1:${await freePort()}`,
    },
  });
  url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/api/health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the second gateway did not start');
});

test.afterAll(() => {
  gateway?.kill('SIGTERM');
});

test('a stopped service yields a JSON 503 at once and a degraded health', async ({ request }) => {
  const started = Date.now();
  const response = await request.get(`${url}/api/reports`);
  // At once, not after the gateway's 30 s upstream time-out; 5 s leaves room for a loaded machine.
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(response.status()).toBe(503);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ error: 'Service unavailable', service: 'moderation' });

  const health = await request.get(`${url}/api/health`);
  expect(health.status()).toBe(503);
  expect((await health.json()).services.moderation).toBe('down');
});

test('the web app shows the health banner when a service is down', async ({ page }, testInfo) => {
  const healthAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
  await page.goto(url);
  // The banner follows the answer the page received: moderation named as the service that is down.
  const health = await healthAnswer;
  expect(health.status()).toBe(503);
  expect(((await health.json()) as { services: Record<string, string> }).services).toEqual({
    auth: 'up',
    items: 'up',
    messaging: 'up',
    moderation: 'down',
  });
  const banner = page.getByRole('status').filter({ hasText: 'System Status:' });
  await expect(banner).toBeVisible();
  await expect(banner.locator('[data-state="down"]')).toHaveText([/^API\s*:\s*not responding$/]);
  await expect(banner.locator('[data-state="up"]')).toHaveText([/^Database\s*:\s*working$/]);
  await snap(page, testInfo, 'shell-health-banner');
});
