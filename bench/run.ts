/** `npm run bench`: runs every benchmark in bench/ one after the other; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib';

const HELPERS = new Set([
  'run.ts',
  'lib.ts',
  'gateway-upstream.ts',
  'gateway-compressed.ts',
  'minimal-proxy.ts',
]);
/** Run only when named (`npm run bench -- soak`): they take minutes. */
const OPT_IN = new Set(['soak.ts']);
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f) && !f.endsWith('.d.ts'))
  .filter((f) => (only.length === 0 ? !OPT_IN.has(f) : only.includes(f.replace(/\.ts$/, ''))))
  .sort();

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== bench/${bench} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', bench)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
