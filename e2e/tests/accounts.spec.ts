import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { snap } from './support';

const AVATAR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.jpg');
/** How long the web app shows 'Approval Required' before sending the user home (LIMITS.unapprovedProfileRedirectMs). */
const REFUSAL_REDIRECT_MS = 2_000;
const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

/** A traveller unique to this run and viewport, so the two projects never collide. */
function traveller(project: string) {
  const tag = `${project}${Date.now().toString(36)}`;
  return {
    fullName: `Rosa ${tag}`,
    username: `rosa_${tag}`,
    email: `rosa.${tag}@example.com`,
    location: 'Lisbon, Portugal',
    password: 'travel-light-42',
    bio: 'Slow traveller moving from Lisbon to Bangkok next month.',
  };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password);
  return { page, close: () => context.close() };
}

test('a traveller signs up with a photo, waits for approval, and is approved without logging in again', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, an avatar job, an approval and a 2 s wait on the profile: more than the default minute here.
  test.slow();
  const user = traveller(testInfo.project.name);

  // Sign up with every field and a real photo.
  await page.goto('/auth/register');
  await page.getByLabel('Full Name').fill(user.fullName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Location').fill(user.location);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByLabel('Bio').fill(user.bio);
  await page.locator('input[type="file"]').setInputFiles(AVATAR);
  await expect(page.getByRole('img', { name: 'Profile photo preview' })).toBeVisible();
  await page.getByRole('checkbox').check();
  await snap(page, testInfo, 'accounts-register-filled');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Onboarding, with the pending banner.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByText(/Your account is pending approval/)).toBeVisible();
  await snap(page, testInfo, 'accounts-welcome-pending');

  // The server refuses to list an item for an unapproved account.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  const listItem = () =>
    page.request.post('/api/items', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: 'Tent',
        description: 'Two-person tent, all poles and pegs.',
        category: 'Travel Gear',
        condition: 'good',
        location: 'Lisbon, Portugal',
      },
    });
  const listing = await listItem();
  expect(listing.status()).toBe(403);

  // The photo was processed and is served from the user's avatar URL, never the raw upload.
  const me = (await (
    await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    id: string;
    avatar: string | null;
  };
  expect(me.avatar).toMatch(/^\/api\/avatars\//);
  const avatar = await page.request.get(me.avatar ?? '');
  expect(avatar.status()).toBe(200);
  expect(avatar.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);

  // An unapproved user cannot open other profiles.
  const admin = await adminPage(browser);
  const { id: adminId, fullName: adminName } = await admin.page.evaluate(async () => {
    const response = await fetch('/api/auth/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return (await response.json()) as { id: string; fullName: string };
  });
  await page.goto(`/user/${adminId}`);
  await expect(page.getByText('Approval Required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  // The admin approves the traveller from the dashboard.
  await admin.page.goto('/admin');
  await expect(admin.page.getByRole('heading', { name: 'Pending User Approvals' })).toBeVisible();
  await expect(admin.page.getByText(user.fullName)).toBeVisible();
  await snap(admin.page, testInfo, 'accounts-admin-pending');
  await admin.page.getByRole('button', { name: `Approve ${user.fullName}` }).click();
  await expect(admin.page.getByText('User approved').first()).toBeVisible();
  // Gone from the pending list (the recent admin actions below now name them: "approved user Rosa …").
  await expect(admin.page.getByRole('button', { name: `Approve ${user.fullName}` })).toHaveCount(0);
  await admin.close();

  // Same tab, no new login: the pending banner goes, the 'Account approved' badge shows (in the header on wide
  // screens, in the account menu on phones) and other profiles open.
  await expect(page.getByText(/Your account is pending approval/)).toHaveCount(0, { timeout: 30_000 });
  const onPhone = testInfo.project.name === 'mobile';
  if (onPhone) await page.getByRole('button', { name: `Account menu for ${user.fullName}` }).click();
  const approvedBadge = onPhone
    ? page.getByRole('menu').getByText('Account approved')
    : page.getByText('Account approved', { exact: true }).first();
  await expect(approvedBadge).toBeVisible();
  await snap(page, testInfo, 'accounts-approved-badge');
  if (onPhone) await page.keyboard.press('Escape');

  // The refusal page has an h1 too and sends the user home after 2 s (LIMITS.unapprovedProfileRedirectMs):
  // the profile must show its owner's name, and still be there once that time has passed — on the page's own
  // clock, moved past it (every timer due by then has run), not waited for.
  await page.clock.install();
  await page.goto(`/user/${adminId}`);
  await expect(page.getByRole('heading', { level: 1, name: adminName })).toBeVisible();
  await page.clock.runFor(REFUSAL_REDIRECT_MS + 500);
  await expect(page).toHaveURL(new RegExp(`/user/${adminId}$`));
  await expect(page.getByRole('heading', { level: 1, name: adminName })).toBeVisible();
  await expect(page.getByText('Approval Required')).toHaveCount(0);
  await snap(page, testInfo, 'accounts-public-profile');

  // The server agrees: the token held since before the approval now lists an item.
  const listed = await listItem();
  expect(listed.status()).toBe(201);
});

test('a traveller edits their profile, logs out and logs back in', async ({ page }, testInfo) => {
  const user = traveller(`${testInfo.project.name}b`);
  const response = await page.request.post('/api/auth/register', {
    data: {
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      location: user.location,
      password: user.password,
      bio: user.bio,
      avatar: `data:image/jpeg;base64,${(await import('node:fs')).readFileSync(AVATAR).toString('base64')}`,
    },
  });
  expect(response.status()).toBe(201);

  await logIn(page, user.email, user.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: user.fullName })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Location').fill('Bangkok, Thailand');
  await page.getByLabel('Bio').fill('Now in Bangkok, swapping my winter gear for a hammock.');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Profile updated').first()).toBeVisible();
  await expect(page.getByText('Bangkok, Thailand').first()).toBeVisible();
  await snap(page, testInfo, 'accounts-profile-edited');

  // The change is stored, not only shown.
  await page.reload();
  await expect(page.getByText('Bangkok, Thailand').first()).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${user.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);

  // A non-admin cannot reach the admin pages.
  await page.goto('/admin');
  await expect(page.getByText('Admin Access Required')).toBeVisible();
  await snap(page, testInfo, 'accounts-admin-denied');
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed').first()).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
