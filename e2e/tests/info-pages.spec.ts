import { expect, test } from '@playwright/test';
import { approvedTraveller, logIn, PASSWORD, snap } from './support';

// A page's first visit loads its lazy chunk through a gateway shared with seven other engineers' test runs.
const FIRST_LOAD = { timeout: 30_000 };

const PAGES = [
  {
    path: '/learn-more',
    heading: "Swap what you can't carry, find what you need",
    title: 'How It Works',
    shot: 'info-learn-more',
  },
  {
    path: '/safety-guidelines',
    heading: 'Safety Guidelines',
    title: 'Safety Guidelines',
    shot: 'info-safety',
  },
  {
    path: '/community-rules',
    heading: 'Community Guidelines',
    title: 'Community Rules',
    shot: 'info-community-rules',
  },
  { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service', shot: 'info-terms' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy', shot: 'info-privacy' },
  { path: '/legal-summary', heading: 'Legal Summary', title: 'Legal Summary', shot: 'info-legal-summary' },
] as const;

for (const info of PAGES) {
  test(`${info.path} renders its page with its title, description and the configured support address`, async ({
    page,
  }, testInfo) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1, name: info.heading })).toBeVisible(FIRST_LOAD);
    await expect(page).toHaveTitle(`${info.title} · NomadSwap`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /NomadSwap/);
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'support@nomadswap.example' }),
    ).toBeVisible();
    await snap(page, testInfo, info.shot);
  });
}

test('community rules: the Terms tab puts ?tab=terms in the URL, and the URL opens it again', async ({
  page,
}, testInfo) => {
  await page.goto('/community-rules');
  await expect(page.getByRole('tab', { name: 'Community Rules' })).toHaveAttribute(
    'aria-selected',
    'true',
    FIRST_LOAD,
  );
  await page.getByRole('tab', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/community-rules\?tab=terms$/);
  await expect(page.getByText('Last updated: June 4, 2025')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, testInfo, 'info-community-terms-tab');
});

test('legal summary: Next through the six steps, Complete, then the congratulations card', async ({
  page,
}, testInfo) => {
  await page.goto('/legal-summary');
  await expect(page.getByText('Step 1 of 6')).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  for (let step = 2; step <= 6; step += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
  }
  await expect(
    page.getByRole('heading', { level: 2, name: 'Complete Legal Protection for All Associated Parties' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const congrats = page.getByRole('region', { name: 'Congratulations!' });
  await expect(congrats).toBeVisible();
  await expect(congrats.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
    'href',
    '/auth/register',
  );
  // Complete moved focus (and the view) down to the card; the full-page shot is taken from the top, so the
  // sticky header is not painted over the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'info-legal-summary-complete');
});

test('the footer’s How It Works and Trust & Safety open their pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/learn-more$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText("Swap what you can't carry");
  await page.getByRole('contentinfo').getByRole('link', { name: 'Trust & Safety' }).click();
  await expect(page).toHaveURL(/\/safety-guidelines$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Guidelines' })).toBeVisible();
});

test('signed-in home: New near you and Your activity', async ({ page, request }, testInfo) => {
  // Registering, approving and logging in (argon2, the avatar pipeline) on a shared 2-core box takes a while.
  test.setTimeout(120_000);
  const lena = await approvedTraveller(request, 'Homey');
  await logIn(page, lena.email, PASSWORD);
  await page.goto('/');
  const near = page.getByRole('region', { name: 'New near you' });
  await expect(near).toContainText('The latest items listed in Lisbon.', FIRST_LOAD);
  await expect(near.getByRole('link', { name: /See all in Lisbon/ })).toHaveAttribute(
    'href',
    '/browse?location=Lisbon',
  );
  await expect(near.getByTestId('item-card-skeleton')).toHaveCount(0, FIRST_LOAD);
  const activity = page.getByRole('region', { name: 'Your activity' });
  await expect(activity.getByRole('link', { name: /Unread messages/ })).toHaveAttribute('href', '/messages');
  await expect(activity.getByTestId('activity-favorites')).toHaveText('0', FIRST_LOAD);
  await snap(page, testInfo, 'info-home-signed-in');
});
