import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, PASSWORD, approvedTraveller, logIn, snap, token, type Account } from './support';

/** Regressions found when the app was first tried as a new user would (issue 10, point 8). */

async function listItem(
  request: APIRequestContext,
  owner: Account,
  fields: { title: string; description: string },
) {
  const auth = { Authorization: `Bearer ${await token(request, owner.email, PASSWORD)}` };
  const created = await request.post('/api/items', {
    headers: auth,
    data: { ...fields, category: 'Books', condition: 'good', location: 'Lisbon, Portugal' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe.serial('a pasted URL as title and description', () => {
  let owner: Account;
  let tag: string;
  let itemId: string;

  test.beforeAll(async ({ request }, testInfo) => {
    owner = await approvedTraveller(request, `url${testInfo.project.name}`);
    tag = `u${Date.now().toString(36)}${testInfo.project.name}`;
    const url = `https://www.example.com/listings/${'supercalifragilistic'.repeat(3)}${tag}`;
    itemId = await listItem(request, owner, {
      title: url,
      description: `See ${url}?ref=${'x'.repeat(60)} for the details.`,
    });
  });

  test('wraps on browse and in My Items: cards keep to the screen', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto(`/browse?q=${encodeURIComponent(tag)}`);
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    const viewport = page.viewportSize()!;
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page);
    await snap(page, testInfo, 'first-use-browse-long-url');

    await page.goto('/profile');
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('wraps on the item page, and the gallery keeps its width', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto(`/item/${itemId}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(tag);
    await expectNoSidewaysScroll(page);
    const main = (await page.getByRole('main').boundingBox())!;
    const gallery = (await page.getByRole('main').locator('.aspect-\\[4\\/3\\]').first().boundingBox())!;
    // One column on a phone, 3 : 2 beside the text on a desktop: at least half the content width either way.
    expect(gallery.width).toBeGreaterThan(main.width * 0.45);
    expect((await heading.boundingBox())!.x + (await heading.boundingBox())!.width).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await snap(page, testInfo, 'first-use-detail-long-url');
  });
});

test("browse's search placeholder is shown whole", async ({ page }, testInfo) => {
  await page.goto('/browse');
  // A visitor's /browse arrives rendered by the gateway; measure the app's field, not the markup it replaces.
  await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
  const input = page.getByRole('searchbox', { name: /search/i });
  await expect(input).toHaveAttribute('placeholder', 'Search items, categories, or locations...');
  const { text, room } = await input.evaluate((element) => {
    const field = element as HTMLInputElement;
    const placeholder = getComputedStyle(field, '::placeholder');
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    return {
      text: context.measureText(field.placeholder).width,
      room: field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(text).toBeLessThanOrEqual(room);
  await snap(page, testInfo, 'first-use-browse-search');
});

test('a visitor: every destination name fits its card, a picked city shows on browse with what signing in gives, a card tap says why nothing opens', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const destinations = page.locator('section[aria-labelledby="destinations-title"]');
  await expect(destinations.getByRole('link', { name: /Ho Chi Minh/ })).toBeVisible({ timeout: 30_000 });
  const cut = await destinations
    .locator('li .truncate')
    .evaluateAll((names) =>
      names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
    );
  expect(cut).toEqual([]);
  await snap(page, testInfo, 'first-use-destinations');

  await destinations.getByRole('link', { name: /Lisbon/ }).click();
  await expect(page.getByText('You picked Lisbon — showing items from every city')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: "Sign in to see only Lisbon's items" })).toHaveAttribute(
    'href',
    '/auth/login',
  );
  await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('article').first().getByRole('heading').getByRole('button').click();
  await expect(page.getByText('Log in to see details').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, testInfo, 'first-use-visitor-city');
});

test('malformed ids are Item not found / User Not Found with a way back, not a Try again', async ({
  page,
  request,
}, testInfo) => {
  const traveller = await approvedTraveller(request, `ids${testInfo.project.name}`);
  await logIn(page, traveller.email, PASSWORD);
  for (const [path, title] of [
    ['/item/abc', 'Item not found'],
    ['/edit-item/abc', 'Item not found'],
    ['/item/65f1a2b3c4d5e6f70819', 'Item not found'],
    ['/user/abc', 'User Not Found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Browse/ }), path).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' }), path).toHaveCount(0);
  }
  await snap(page, testInfo, 'first-use-user-not-found');

  // Signed out first: the login page sends a signed-in visitor on.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'User Not Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to All Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('the admin deletes a user from their page: User deleted, then the users list', async ({
  page,
  request,
}, testInfo) => {
  const leaving = await approvedTraveller(request, `leaving${testInfo.project.name}`);
  await listItem(request, leaving, { title: 'Spare tent pegs', description: 'A bag of twelve.' });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/users/${leaving.id}`);
  await page.getByRole('button', { name: `Delete ${leaving.fullName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete User' }).click();

  await expect(page.getByText('User deleted', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Not Found' })).toHaveCount(0);
  await snap(page, testInfo, 'first-use-admin-user-deleted');
});
