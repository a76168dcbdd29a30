import mongoose from 'mongoose';
import { expect, test } from '@playwright/test';
import { PASSWORD, approvedTraveller, logIn, readStack, snap, type Account } from './support';

/** Tomorrow on this machine's calendar (the browser's too), as a date input takes it. */
function tomorrow(): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/*
 * Listing deadlines (issue 22): an item listed until tomorrow shows under Leaving soon for another traveller;
 * once expired it is its owner's to relist. The expiry itself runs on the items service's clock (tested there
 * with a clock the test sets); here it is written into the database as the job would, to drive the pages.
 */
test.describe.serial('an item leaving tomorrow', () => {
  let owner: Account;
  let neighbour: Account;
  let title: string;
  let itemId: string;

  test.beforeAll(async ({ request }, testInfo) => {
    owner = await approvedTraveller(request, `leaver${testInfo.project.name}`);
    neighbour = await approvedTraveller(request, `stayer${testInfo.project.name}`);
    title = `Hammock ${testInfo.project.name} ${Date.now().toString(36)}`;
  });

  test('its owner lists it with Available until tomorrow', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/add-item');
    await page.getByLabel('Title').fill(title);
    await page
      .getByLabel('Description')
      .fill('A light travel hammock with straps, packs into its own pouch.');
    await page.getByLabel('Category').selectOption('Travel Gear');
    await page.getByLabel('Condition').selectOption('good');
    await page.getByLabel('Location').fill('Lisbon, Portugal');
    await page.getByLabel('Available until').fill(tomorrow());
    await snap(page, testInfo, 'deadlines-add-item');
    await page.getByRole('button', { name: 'List Item', exact: true }).click();
    await expect(page).toHaveURL(/\/browse/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const response = await page.request.get(`/api/items?q=${encodeURIComponent(title)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const [item] = (await response.json()) as { id: string; availableUntil: string | null }[];
    itemId = item?.id ?? '';
    // 23:59 tomorrow in Lisbon.
    expect(item?.availableUntil).toMatch(new RegExp(`^${tomorrow()}T2[23]:59:00\\.000Z$`));
  });

  test('another traveller finds it first under Leaving soon, marked Leaving tomorrow', async ({
    page,
  }, testInfo) => {
    await logIn(page, neighbour.email, PASSWORD);
    await page.goto('/browse');
    await page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: 'Leaving soon' }).click();
    await expect(page).toHaveURL(/sort=leaving-soon/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Leaving tomorrow')).toBeVisible();
    await snap(page, testInfo, 'deadlines-leaving-soon');
  });

  test('expired, it is its owner’s alone, who relists it in one dialog', async ({ page }, testInfo) => {
    const db = await mongoose
      .createConnection(readStack().mongoUrl, { dbName: 'nomadswap_items' })
      .asPromise();
    try {
      const expired = await db
        .collection('items')
        .updateOne(
          { _id: new mongoose.Types.ObjectId(itemId) },
          { $set: { expiredAt: new Date() }, $inc: { version: 1 } },
        );
      expect(expired.modifiedCount).toBe(1);
    } finally {
      await db.close();
    }
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/profile');
    await expect(page.getByText('Expired', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Relist ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Relist this item' });
    await dialog.getByLabel('Available until').fill(tomorrow());
    await snap(page, testInfo, 'deadlines-relist');
    await dialog.getByRole('button', { name: 'Relist Item' }).click();
    await expect(page.getByText('Item listed again', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Expired', { exact: true })).toHaveCount(0);
  });
});
