import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, approvedTraveller, logIn, snap, token } from './support';

test('an admin suspends a user from a report: the user’s open page is signed out and told why; after the lift they sign in again', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const sam = await approvedTraveller(request, 'Sam');
  const rae = await approvedTraveller(request, 'Rae');
  const subject = `Deposit request ${Date.now().toString(36)}`;
  const reported = await request.post('/api/reports', {
    headers: { Authorization: `Bearer ${await token(request, rae.email, PASSWORD)}` },
    data: {
      type: 'user',
      urgency: 'high',
      subject,
      description: 'He asked me for a PayPal deposit before we could meet for the swap.',
      relatedUser: sam.id,
    },
  });
  expect(reported.status()).toBe(201);

  // Sam is browsing, signed in.
  await logIn(page, sam.email, PASSWORD);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeVisible();

  // The admin handles the report in one place: Suspend, from its card.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/reports');
  const card = admin.getByRole('article', { name: subject });
  await card.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByLabel('Days').fill('14');
  await dialog.getByLabel('Reason').fill('Asked other travellers for money');
  await snap(admin, testInfo, 'sanctions-suspend-form');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The report records what was done.
  await expect(card.getByText('Handled: Suspension')).toBeVisible({ timeout: 15_000 });
  await snap(admin, testInfo, 'sanctions-report-handled');

  // Sam's open page: the session ends (the socket closes, the API refuses) and the page says why and until when.
  await expect(page.getByText(/Your account is suspended until/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Reason: Asked other travellers for money')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await snap(page, testInfo, 'sanctions-suspended-page');

  // Signing in is refused while suspended…
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(sam.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed').first()).toBeVisible();

  // …until the admin lifts the suspension from the user's page.
  await admin.goto(`/admin/users/${sam.id}`);
  await admin.getByRole('button', { name: 'Lift' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Lift' }).click();
  await expect(admin.getByText('No warning, restriction or suspension in force.')).toBeVisible();
  await snap(admin, testInfo, 'sanctions-lifted');
  await adminContext.close();

  await logIn(page, sam.email, PASSWORD);
  await expect(page.getByText(/Your account is suspended/)).toBeHidden();
});
