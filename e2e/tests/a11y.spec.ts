import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, approvedTraveller, snap, token } from './support';

// Evaluated through the debugging protocol, which the page's CSP (script-src 'self') does not govern.
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2 A/AA rules on the page as it is; only serious and critical findings are returned. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/*
 * The pages this release added or changed, signed in as the admin (who may open every one of them), each looked at
 * by axe and saved as a screenshot at the project's width (390 and 1280 px).
 */
test('the new and changed pages have no serious accessibility findings', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const other = await approvedTraveller(request, 'Axel');
  const adminToken = await token(request, ADMIN.email, ADMIN.password);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), adminToken);
  const pages: [string, string][] = [
    ['browse', '/browse'],
    ['messages', `/messages?user=${other.id}`],
    ['review', `/review/${other.id}`],
    ['report-issue', `/report-issue?type=user&user=${other.id}`],
    ['reported', '/reported'],
    ['contact', '/contact'],
    ['profile', '/profile'],
    ['admin', '/admin'],
    ['admin-reports', '/admin/reports'],
    ['admin-audit-log', '/admin/audit-log'],
  ];
  const findings: string[] = [];
  for (const [name, url] of pages) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    await snap(page, testInfo, `a11y-${name}`);
    for (const finding of await seriousViolations(page)) findings.push(`${url}: ${finding}`);
  }
  expect(findings).toEqual([]);
});
