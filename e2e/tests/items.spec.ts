import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, approvedTraveller, logIn, snap, type Account } from './support';

const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/seed/photos');
function photoFiles(count: number): string[] {
  return fs
    .readdirSync(PHOTOS)
    .filter((f) => f.endsWith('.jpg') && !f.startsWith('avatar-'))
    .slice(0, count)
    .map((f) => path.join(PHOTOS, f));
}

test('a visitor sees a preview of exactly six of the 48 demo items and is invited to sign up', async ({
  page,
}, testInfo) => {
  await page.goto('/browse');
  await expect(page.getByText('Limited Preview')).toBeVisible();
  await expect(page.getByText('Preview Mode')).toBeVisible();
  // The stack is seeded with 48 demo items: the preview is full, not merely "at most six".
  await expect(page.getByRole('article')).toHaveCount(6);
  await snap(page, testInfo, 'items-visitor-preview');
});

test.describe.serial('listing, finding, favouriting, editing and swapping an item', () => {
  let owner: Account;
  let fan: Account;
  let title: string;
  let itemId: string;

  test.beforeAll(async ({ request }, testInfo) => {
    owner = await approvedTraveller(request, `owner${testInfo.project.name}`);
    fan = await approvedTraveller(request, `fan${testInfo.project.name}`);
    title = `Ukulele ${testInfo.project.name} ${Date.now().toString(36)}`;
  });

  test('an approved traveller lists an item with two photos', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/add-item');
    await expect(page.getByRole('heading', { name: 'List Your Item' })).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page
      .getByLabel('Description')
      .fill('Soprano ukulele with a soft case, tuned and ready for beach evenings.');
    await page.getByLabel('Category').selectOption('Music');
    await page.getByLabel('Condition').selectOption('good');
    await page.getByLabel('Location').fill('Lisbon, Portugal');
    await page.getByLabel('Preferred Exchange (optional)').fill('A good travel hammock');
    await page.locator('input[type="file"]').setInputFiles(photoFiles(2));
    await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
    await snap(page, testInfo, 'items-add-filled');
    await page.getByRole('button', { name: 'List Item', exact: true }).click();
    await expect(page).toHaveURL(/\/browse/);
    await expect(page.getByText('Item listed!', { exact: true }).first()).toBeVisible();

    const response = await page.request.get(`/api/items?q=${encodeURIComponent(title)}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
    });
    const [item] = (await response.json()) as { id: string; images: string[]; photos: { state: string }[] }[];
    expect(item).toBeDefined();
    itemId = item?.id ?? '';
    expect(item?.photos.map((p) => p.state)).toEqual(['ready', 'ready']);
    const image = await page.request.get(item?.images[0] ?? '');
    expect(image.status()).toBe(200);
  });

  test('another traveller finds it by city and by search, and favourites it', async ({ page }, testInfo) => {
    await logIn(page, fan.email, PASSWORD);
    await page.goto('/browse?location=Lisbon');
    await expect(page.getByText('Showing items near: Lisbon')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeVisible();

    await page.goto('/browse');
    await page.getByRole('searchbox').or(page.getByLabel('Search items')).first().fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 item found')).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(card.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await snap(page, testInfo, 'items-browse-found');

    await page.goto(`/item/${itemId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await page.getByRole('button', { name: 'Message Owner' }).click();
    await expect(page.getByRole('dialog', { name: 'Safety First' })).toBeVisible();
    await snap(page, testInfo, 'items-detail-safety');
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    await page.getByRole('tab', { name: /Favorites/ }).click();
    await expect(page.getByRole('tabpanel').getByText(title)).toBeVisible();
  });

  test('the owner edits it, marks it swapped, and makes it available again', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto(`/edit-item/${itemId}`);
    const renamed = `${title} (with tuner)`;
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Item updated successfully!', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/browse/);
    title = renamed;

    await page.goto(`/browse?q=${encodeURIComponent('with tuner')}`);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    // The checkbox follows the server's answer (not optimistic), so click and wait for the outcome.
    await card.getByRole('checkbox', { name: 'Mark as swapped' }).click();
    await expect(page.getByText('Item marked as swapped', { exact: true }).first()).toBeVisible();
    // Browse lists available items only; the owner still sees it, as swapped, among their own.
    await expect(card).toHaveCount(0);
    await page.goto('/profile');
    const mine = page.getByRole('tabpanel');
    await expect(mine.getByText(title)).toBeVisible();
    await expect(mine.getByText('Swapped', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'items-owner-swapped');

    // …and can make it available again from the same place.
    await mine.getByRole('checkbox', { name: 'Mark as swapped' }).click();
    await expect(page.getByText('Item marked as available', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText('Your item is now visible to other travelers again', { exact: true }).first(),
    ).toBeVisible();
    await expect(mine.getByText('Available', { exact: true })).toBeVisible();
    await page.goto(`/browse?q=${encodeURIComponent('with tuner')}`);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test('the admin deletes the item from the dashboard', async ({ page }, testInfo) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Item Management' })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Item' }).click();
    await expect(page.getByText('Item deleted', { exact: true }).first()).toBeVisible();
    await snap(page, testInfo, 'items-admin-deleted');
    const gone = await page.request.get(`/api/items/${itemId}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
    });
    expect(gone.status()).toBe(404);
  });
});
