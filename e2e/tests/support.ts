import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Saves a full-page screenshot named after the scenario and the viewport project, for a person to look at. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({
    path: path.join(ARTIFACTS, `${name}-${testInfo.project.name}.png`),
    fullPage: true,
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
