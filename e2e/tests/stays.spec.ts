import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, PASSWORD, approvedTraveller, logIn, snap, type Account } from './support';

/** The day `n` days from today on this machine's calendar (the browser's too), as a date input takes it. */
function dayIn(n: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function pickCity(page: Page, field: ReturnType<Page['getByRole']>, text: string, label: string) {
  await field.fill('');
  await field.pressSequentially(text);
  await page.getByRole('listbox', { name: 'City suggestions' }).getByRole('option', { name: label }).click();
  await expect(field).toHaveValue(label);
}

/*
 * Stays (issue 22): a traveller says they are in Lisbon for 3 more days and go to Bangkok next; an item they
 * list there shows "Leaving in 3 days" beside them to another traveller, and their home announces Bangkok.
 */
test.describe.serial('a traveller leaving Lisbon in 3 days for Bangkok', () => {
  let owner: Account;
  let neighbour: Account;
  let title: string;

  test.beforeAll(async ({ request }, testInfo) => {
    owner = await approvedTraveller(request, `stayer${testInfo.project.name}`);
    neighbour = await approvedTraveller(request, `viewer${testInfo.project.name}`);
    title = `Kettle ${testInfo.project.name} ${Date.now().toString(36)}`;
  });

  test('they set their stay and next city on their profile', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Add stay' }).click();
    await pickCity(
      page,
      page.getByRole('combobox', { name: 'City', exact: true }),
      'lisb',
      'Lisbon, Portugal',
    );
    await page.getByLabel('Last day').fill(dayIn(3));
    await page.getByRole('button', { name: 'Add next city' }).click();
    await pickCity(page, page.getByRole('combobox', { name: 'Next city' }), 'bangk', 'Bangkok, Thailand');
    await page.getByLabel('Arriving on').fill(dayIn(5));
    await snap(page, testInfo, 'stays-edit');
    await page.getByRole('button', { name: 'Save stay' }).click();
    await expect(page.getByText(/^In Lisbon, Portugal until /)).toBeVisible();
    await expect(page.getByText(/^Next: Bangkok, Thailand from /)).toBeVisible();
    await snap(page, testInfo, 'stays-profile');
  });

  test('the add-item form starts from the stay; they list an item with no deadline of its own', async ({
    page,
  }) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/add-item');
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Lisbon, Portugal');
    const date = page.getByLabel('Available until');
    await expect(date).toHaveValue(dayIn(3));
    await expect(page.getByText(/^Your stay ends /)).toBeVisible();
    // Cleared: the item has no deadline, so "Leaving in 3 days" below can only be its owner's departure.
    await date.fill('');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A folding travel kettle, boils half a litre in two minutes.');
    await page.getByLabel('Category').selectOption('Travel Gear');
    await page.getByLabel('Condition').selectOption('good');
    await page.getByRole('button', { name: 'List Item', exact: true }).click();
    await expect(page).toHaveURL(/\/browse/);
  });

  test('another traveller sees "Leaving in 3 days" beside the owner on the card and the item', async ({
    page,
  }, testInfo) => {
    await logIn(page, neighbour.email, PASSWORD);
    await page.goto(`/browse?q=${encodeURIComponent(title)}`);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Leaving in 3 days')).toBeVisible();
    await snap(page, testInfo, 'stays-card');
    // The page's fixed bottom bar covers the card's foot in a full-page shot: the card alone as well.
    await card.screenshot({ path: path.join(ARTIFACTS, `stays-card-alone-${testInfo.project.name}.png`) });
    await card.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Leaving in 3 days')).toBeVisible();
    await snap(page, testInfo, 'stays-item');
    // The public profile shows the stay the badge came from.
    await page.goto(`/user/${owner.id}`);
    await expect(page.getByText(/^In Lisbon, Portugal until /)).toBeVisible();
  });

  test('their home announces Bangkok with its items and a link to browse it', async ({ page }, testInfo) => {
    await logIn(page, owner.email, PASSWORD);
    await page.goto('/');
    const line = page.getByRole('region', { name: 'Next city' });
    await expect(line).toContainText(/Arriving in Bangkok on .+: \d+ items? there now/);
    await snap(page, testInfo, 'stays-home');
    await line.getByRole('link', { name: 'Browse Bangkok' }).click();
    await expect(page).toHaveURL(/placeId=1609350/);
  });
});
