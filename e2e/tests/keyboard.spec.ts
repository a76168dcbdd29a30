import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { approvedTraveller, PASSWORD, snap, token } from './support';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const PHOTOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/seed/photos');
const firstPhoto = () =>
  path.join(
    PHOTOS,
    fs.readdirSync(PHOTOS).find((f) => f.endsWith('.jpg') && !f.startsWith('avatar-'))!,
  );

/*
 * Keyboard only: after the first `page.goto`, every step is Tab / Shift+Tab / Enter / Space / Escape or
 * typing. `tabTo` presses Tab until the control has focus (failing if it is never reached) and checks that
 * the focus is visible there (an outline or a focus ring).
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(target);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`never reached by Tab: ${target.toString()}`);
}

async function expectVisibleFocus(target: Locator) {
  const indicator = await target.evaluate((el) => {
    // A visually hidden input (file, checkbox) shows its focus on the control drawn around it.
    const shown = el.classList.contains('sr-only') ? (el.closest('label') ?? el.parentElement ?? el) : el;
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { outline, ring: style.boxShadow !== 'none' && style.boxShadow !== '' };
  });
  expect(indicator.outline || indicator.ring, `no visible focus on ${target.toString()}`).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('register with the keyboard alone: a failed submit lands on the first invalid field, then the account is created', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `kb${testInfo.project.name}${Date.now().toString(36)}`;
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: /Create/ }).first()).toBeVisible();

  const fullName = page.getByLabel('Full Name');
  const submit = page.getByRole('button', { name: 'Create Account' });
  await tabTo(page, submit, { max: 80 });
  await page.keyboard.press('Enter');
  await expect(fullName).toBeFocused();
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');

  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(tag);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(`${tag}@example.com`);
  await tabTo(page, page.getByLabel('Location'));
  await page.keyboard.type('Lisbon, Portugal');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel('Confirm Password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel('Bio'));
  await page.keyboard.type('Moving to Porto next week, travelling light.');
  await tabTo(page, page.getByRole('button', { name: 'Upload Photo' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path.join(FIXTURES, 'avatar.jpg'));
  await expect(page.getByRole('img', { name: 'Profile photo preview' })).toBeVisible();
  const terms = page.getByRole('checkbox', { name: /I agree/ });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await snap(page, testInfo, 'keyboard-register');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/welcome$/);
});

test('list an item with the keyboard alone', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const owner = await approvedTraveller(request, 'Keys');
  const ownerToken = await token(request, owner.email, PASSWORD);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), ownerToken);
  const title = `Keyboard tent ${testInfo.project.name} ${Date.now().toString(36)}`;

  await page.goto('/add-item');
  await expect(page.getByRole('heading', { name: 'List Your Item' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'List Item', exact: true });
  await tabTo(page, page.getByLabel('Title'));
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel('Description'));
  await page.keyboard.type('Two-person tent, light, used on three trips, all pegs included.');
  await tabTo(page, page.getByLabel('Category'));
  await page.keyboard.type('Sports');
  await expect(page.getByLabel('Category')).not.toHaveValue('');
  await tabTo(page, page.getByLabel('Condition'));
  await page.keyboard.type('Good');
  await expect(page.getByLabel('Condition')).not.toHaveValue('');
  const location = page.getByLabel('Location');
  await tabTo(page, location);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Lisbon, Portugal');
  await tabTo(page, page.getByLabel('Preferred Exchange (optional)'));
  await page.keyboard.type('A hammock');
  const addPhoto = page.getByLabel('Add photo');
  await tabTo(page, addPhoto);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(firstPhoto());
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await snap(page, testInfo, 'keyboard-add-item');
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Item listed!', { exact: true }).first()).toBeVisible();
});

test('message an owner with the keyboard alone: Safety First traps focus and gives it back; motion is reduced', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const viewer = await approvedTraveller(request, 'Tabby');
  const viewerToken = await token(request, viewer.email, PASSWORD);
  await page.addInitScript((t) => window.localStorage.setItem('authToken', t), viewerToken);

  // An item of the demo data (someone else's).
  await page.goto('/browse');
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const link = card.getByRole('link').first();
  await tabTo(page, link, { max: 80 });
  await page.keyboard.press('Enter');
  const messageOwner = page.getByRole('button', { name: 'Message Owner' });
  await expect(messageOwner).toBeVisible();

  await tabTo(page, messageOwner, { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Safety First' });
  await expect(dialog).toBeVisible();
  // prefers-reduced-motion: the dialog does not animate in.
  const duration = await dialog.evaluate((el) => parseFloat(getComputedStyle(el).animationDuration));
  expect(duration).toBeLessThan(0.001);
  // Focus stays inside while tabbing round, both ways.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await snap(page, testInfo, 'keyboard-safety-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(messageOwner).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('link', { name: 'Continue to Message' }));
  await page.keyboard.press('Enter');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  await tabTo(page, composer, { max: 80 });
  const text = `Hello from the keyboard ${Date.now().toString(36)}`;
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  await snap(page, testInfo, 'keyboard-chat');
});
