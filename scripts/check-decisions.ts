/**
 * `npm run check:decisions [dir]` (node --import tsx scripts/check-decisions.ts): checks the decision records in
 * docs/decisions (or dir) — header fields, sections, "superseded by" links, the index — and exits 1 with every
 * problem found. Part of `npm test` through scripts/test/check-decisions.test.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDecisions } from './lib/decisions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, 'docs/decisions'));
const report = checkDecisions(dir);
for (const problem of report.problems) console.error(problem);
if (report.pending.length > 0) {
  console.log(`${report.pending.length} record(s) not numbered yet: ${report.pending.join(', ')}`);
}
if (report.problems.length > 0) {
  console.error(`${report.problems.length} problem(s) in ${path.relative(process.cwd(), dir) || dir}`);
  process.exit(1);
}
console.log(`${report.records} decision records, index complete`);
