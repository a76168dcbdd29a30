import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, PASSWORD, approvedTraveller, logIn, snap, token, type Account } from './support';

/** The page never scrolls sideways (390 px included). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function bearer(request: APIRequestContext, account: Account) {
  return { Authorization: `Bearer ${await token(request, account.email, PASSWORD)}` };
}

test('a completed swap leads to a review, and the rating shows on the reviewee profile', async ({
  page,
  request,
}, testInfo) => {
  const ana = await approvedTraveller(request, 'Ana');
  const ben = await approvedTraveller(request, 'Ben');
  // A conversation, then the swap, as the chat's Complete Swap does it.
  const anaAuth = await bearer(request, ana);
  const sent = await request.post('/api/messages', {
    headers: anaAuth,
    data: { receiverId: ben.id, content: 'Still have the tent?' },
  });
  expect(sent.status()).toBe(201);
  const completed = await request.post('/api/exchanges/complete', {
    headers: anaAuth,
    data: { otherUserId: ben.id },
  });
  expect(completed.ok()).toBe(true);
  // One side alone completes nothing: Ben confirms too.
  expect((await completed.json()).redirectTo).toBeUndefined();
  const benAuth = await bearer(request, ben);
  const confirmed = await request.post('/api/exchanges/complete', {
    headers: benAuth,
    data: { otherUserId: ana.id },
  });
  expect((await confirmed.json()).redirectTo).toBe(`/review/${ana.id}`);

  await logIn(page, ana.email, PASSWORD);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Pending Reviews' }).click();
  // The exchange reaches moderation over the bus: allow it a moment.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Pending Reviews' }).click();
    await expect(page.getByRole('link', { name: `Leave a Review for ${ben.fullName}` })).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  await snap(page, testInfo, 'trust-pending-reviews');
  await page.getByRole('link', { name: `Leave a Review for ${ben.fullName}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Leave a Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Please select a star rating before submitting.').first()).toBeVisible();
  // Keyboard: focus the first star and move with the arrow keys.
  await page.getByRole('radio', { name: '1 star, Poor' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
  await page.getByLabel('Your review').fill('Tent exactly as described, friendly and on time.');
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, 'trust-review');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted!', { exact: true })).toBeVisible();
  await page.waitForURL('**/profile');

  // Reviews are revealed together: Ben reviews Ana as well.
  await expect(async () => {
    const reviewed = await request.post('/api/reviews', {
      headers: benAuth,
      data: { rating: 4, comment: 'Smooth handover at the station.', revieweeId: ana.id },
    });
    expect(reviewed.status()).toBe(201);
  }).toPass({ timeout: 20_000 });

  // Auth recomputes the rating from the revealed reviews: Ben's profile shows 5.0/5 and Ana's review.
  await page.goto(`/user/${ben.id}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('5.0/5')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByText('Tent exactly as described, friendly and on time.')).toBeVisible();
  await snap(page, testInfo, 'trust-reviewee-profile');
});

test('a visitor reports a listing; the admin sees it URGENT, resolves it, and the audit log shows it', async ({
  page,
  request,
}, testInfo) => {
  const owner = await approvedTraveller(request, 'Olga');
  const created = await request.post('/api/items', {
    headers: await bearer(request, owner),
    data: {
      title: 'Too good to be true',
      description: 'Brand new camera, send the money first.',
      category: 'Electronics',
      condition: 'good',
      location: 'Lisbon, Portugal',
    },
  });
  expect(created.status()).toBe(201);
  const itemId = ((await created.json()) as { id: string }).id;
  const subject = `Scam listing ${Date.now().toString(36)}`;

  // Signed out, from the listing's report link address.
  await page.goto(`/report-issue?type=item&item=${itemId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Report an Issue' })).toBeVisible();
  await expect(page.getByLabel('Reported listing')).toHaveValue(itemId);
  await page.getByLabel('Urgency').selectOption('critical');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('The owner asks for payment before meeting. Looks like fraud.');
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, 'trust-report-form');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await page.waitForURL('**/reported');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your report' })).toBeVisible();
  await snap(page, testInfo, 'trust-reported');

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/reports?urgency=critical&status=open');
  const card = page.getByRole('article').filter({ hasText: subject });
  await expect(card).toBeVisible();
  await expect(card.getByText('URGENT')).toBeVisible();
  await expect(card.getByText(/By Anonymous/)).toBeVisible();
  await snap(page, testInfo, 'trust-admin-reports');
  await card.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Report updated', { exact: true })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Reports Submitted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent admin actions' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, 'trust-admin-dashboard');

  await page.goto('/admin/audit-log?action=report.status_changed');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/changed the status of/).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('status: open → resolved').first()).toBeVisible();
  await snap(page, testInfo, 'trust-audit-log');
});

test('the contact form sends a message and offers to send another', async ({ page }, testInfo) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Vera Visitor');
  await page.getByLabel('Email').fill('vera@example.com');
  await page.getByLabel('Subject').fill('Meeting spots');
  await page.getByLabel('Category').selectOption('safety');
  await page.getByLabel('Message').fill('Which places do you recommend for meeting a stranger?');
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, 'trust-contact-form');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
  await expect(page.getByText('Message sent!').first()).toBeVisible();
  await snap(page, testInfo, 'trust-contact-sent');
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('');
});
