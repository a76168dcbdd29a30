import fs from 'node:fs';
import path from 'node:path';
import { say } from './log';

/**
 * Seeds the demo marketplace through the public API (see scripts/seed). `force` seeds even when the
 * data folder says it was done before (the seed itself skips users and items that already exist).
 */
export async function seedIfNeeded(options: {
  baseUrl: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  force?: boolean;
}): Promise<void> {
  const marker = path.join(options.dataDir, 'demo-seeded');
  if (!options.force && fs.existsSync(marker)) return;
  const { seedDemoData } = await import('../seed/seed-demo-data');
  say('adding the demo marketplace (demo users and items with photos)…');
  const outcome = await seedDemoData({
    baseUrl: options.baseUrl,
    adminEmail: options.adminEmail,
    adminPassword: options.adminPassword,
    log: say,
  });
  fs.writeFileSync(marker, new Date().toISOString());
  say(
    outcome.skipped
      ? 'demo data already there'
      : `demo data ready: ${outcome.usersCreated} users, ${outcome.itemsCreated} items`,
  );
}
