import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, PASSWORD, approvedTraveller, logIn, seriousViolations } from './support';

/** What is on screen (not the whole page), for a person to look at. */
const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}-${project}.png`) });

/** Types into a location field and waits for the suggestions (the picker asks once typing pauses). */
async function suggest(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('listbox', { name: 'City suggestions' });
}

test('a traveller picks Lisbon by typing "lisb", lists an item there and browses by the city and 50 km around it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await approvedTraveller(request, `places${testInfo.project.name}`);
  const title = `Hammock ${testInfo.project.name} ${Date.now().toString(36)}`;
  await logIn(page, owner.email, PASSWORD);

  await page.goto('/add-item');
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('Parachute-silk hammock with straps, packs to the size of a fist.');
  await page.getByLabel('Category').selectOption('Travel Gear');
  await page.getByLabel('Condition').selectOption('good');
  const location = page.getByRole('combobox', { name: 'Location' });
  const listbox = await suggest(page, location, 'lisb');
  const lisbon = listbox.getByRole('option', { name: 'Lisbon, Portugal' });
  await expect(lisbon).toBeVisible();

  // The picker open, as a person sees it, and checked by axe.
  await shot(page, 'places-picker-open', testInfo.project.name);
  expect(await seriousViolations(page)).toEqual([]);
  // At 390 px the list sits under the field, as wide as it, with options big enough to tap.
  const [fieldBox, listBox, optionBox] = await Promise.all([
    location.boundingBox(),
    listbox.boundingBox(),
    lisbon.boundingBox(),
  ]);
  expect(listBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
  expect(listBox!.width).toBeLessThanOrEqual(fieldBox!.width + 2);
  expect(optionBox!.height).toBeGreaterThanOrEqual(44);

  await lisbon.click();
  await expect(location).toHaveValue('Lisbon, Portugal');
  await expect(location).toHaveAttribute('aria-expanded', 'false');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/items') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'List Item', exact: true }).click();
  const sent = (await created).request().postDataJSON() as { location: string; placeId?: string };
  expect(sent).toMatchObject({ location: 'Lisbon, Portugal', placeId: expect.stringMatching(/^\d+$/) });
  await expect(page).toHaveURL(/\/browse/);

  // Browse: Set Location with the keyboard this time — ArrowDown to Lisbon, Enter — and 50 km around it.
  await page.getByRole('button', { name: 'Set Location' }).click();
  const panel = page.getByRole('region', { name: 'Set Location' });
  const browseField = panel.getByRole('combobox', { name: 'Location' });
  const browseList = await suggest(page, browseField, 'lisb');
  await expect(browseList.getByRole('option').first()).toHaveText('Lisbon, Portugal');
  await browseField.press('ArrowDown');
  await expect(browseList.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await browseField.press('Enter');
  await expect(browseField).toHaveValue('Lisbon, Portugal');
  await panel.getByRole('checkbox', { name: 'and within 50 km' }).check();
  await shot(page, 'places-browse-panel', testInfo.project.name);
  await panel.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByText('Showing items near: Lisbon, Portugal · within 50 km')).toBeVisible();
  const params = new URL(page.url()).searchParams;
  expect(params.get('placeId')).toBe(sent.placeId);
  expect(params.get('withinKm')).toBe('50');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await shot(page, 'places-browse-within', testInfo.project.name);

  // The same link without the radius: only items in Lisbon itself.
  await page.goto(`/browse?location=${encodeURIComponent('Lisbon, Portugal')}&placeId=${sent.placeId}`);
  await expect(page.getByText('Showing items near: Lisbon, Portugal', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  // The demo data lists items in many cities: only Lisbon's are here.
  const cards = await page.getByRole('article').all();
  for (const card of cards) await expect(card).toContainText('Lisbon');
});
