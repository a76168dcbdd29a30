/**
 * `npm run seed`: adds the demo marketplace to a running stack (the one `npm start` runs from DATA_DIR, or the
 * gateway at SEED_URL) through its public API. Safe to run twice: what exists is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadLocalSecrets } from './lib/secrets';
import { seedIfNeeded } from './lib/seed';
import { ROOT } from './lib/stack';

const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const stackFile = path.join(dataDir, 'stack.json');
let baseUrl = process.env.SEED_URL;
let adminEmail = process.env.ADMIN_EMAIL;
if (!baseUrl && fs.existsSync(stackFile)) {
  const stack = JSON.parse(fs.readFileSync(stackFile, 'utf8')) as { url: string; adminEmail: string };
  baseUrl = stack.url.replace('localhost', '127.0.0.1');
  adminEmail ??= stack.adminEmail;
}
if (!baseUrl || !adminEmail) {
  console.error(
    'No running stack found: start it with `npm start` (or set SEED_URL, ADMIN_EMAIL and ADMIN_PASSWORD).',
  );
  process.exit(1);
}
try {
  await seedIfNeeded({
    baseUrl,
    dataDir,
    adminEmail,
    adminPassword: process.env.ADMIN_PASSWORD ?? loadLocalSecrets(dataDir).adminPassword,
    force: true,
  });
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
