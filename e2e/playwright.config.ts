import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 8180);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'nomadswap-e2e');
export const baseURL = `http://127.0.0.1:${port}`;

// Known admin credentials for the run (the stack creates or resets the admin from them).
process.env.E2E_ADMIN_EMAIL ??= 'admin@nomadswap.example';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
process.env.E2E_DATA_DIR = dataDir;

/**
 * Browser tests through the gateway in Debian's chromium, against the whole stack started exactly as
 * `npm start` starts it, on a throw-away DATA_DIR and a free port. Every test runs at 390 px and 1280 px.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // A focused test would run alone and pass; it never lands.
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node --import tsx scripts/start.ts',
    cwd: root,
    url: `${baseURL}/api/health`,
    // Healthy is not enough: the launcher prints this line once the demo data is in too.
    wait: { stdout: /NomadSwap is running at/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_STACK_LOGS ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      NODE_ENV: 'test',
      // Every e2e user registers from 127.0.0.1.
      REGISTER_LIMIT_PER_HOUR: '1000',
      // The specs check pages the gateway renders (a visitor's /browse, a signed-in /profile): on a loaded CI
      // machine an API read may pass the default 250 ms, and the page would then come as its usual document.
      SSR_TIMEOUT_MS: '2000',
    },
  },
});
