import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  approvedTraveller,
  AVATAR,
  framesSeen,
  holdTheApp,
  layoutShiftSources,
  layoutShiftTotal,
  PASSWORD,
  recordLayoutShifts,
  snap,
  token,
  watchFrames,
} from './support';

/*
 * Issue 25: a signed-in user's `/messages` with a conversation open and `/profile` paint from index.html's static
 * skeleton (web/src/early/early-skeleton.tsx) before the app's script has run, chosen by the prerender gate from the
 * path and the stored session; React's first commit takes its place with the page in the same boxes (no shift).
 * A visitor never sees it; a stale token and a user waiting for approval end where they did before.
 */

const rectOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });

/** The skeleton is on screen with `frame`'s page only, and the app has not rendered anything. */
async function expectSkeletonAlone(page: Page, frame: string) {
  await expect(page.locator(`[data-early-page="${frame}"]`)).toBeVisible();
  for (const other of ['ns-early-item', 'ns-early-messages', 'ns-early-profile'].filter((f) => f !== frame))
    await expect(page.locator(`[data-early-page="${other}"]`)).toBeHidden();
  expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
  await expect(page.locator('#ns-early-shell')).toHaveAttribute('aria-hidden', 'true');
  // Wordless: the same in every language (the brand's name is the only text).
  expect((await page.locator('#ns-early-shell').innerText()).replace(/\s/g, '')).toBe('NomadSwap');
}

// At the projects' sizes: 390 px (mobile) and 1280 px (desktop).
test('/messages?user= paints its skeleton before the app, and the chat takes its box', async ({
  page,
}, testInfo) => {
  const me = await approvedTraveller(page.request, 'earlychat');
  const friend = await approvedTraveller(page.request, 'earlyfriend');
  const session = await token(page.request, me.email, PASSWORD);
  const sent = await page.request.post('/api/messages', {
    headers: { Authorization: `Bearer ${await token(page.request, friend.email, PASSWORD)}` },
    data: { receiverId: me.id, content: 'Is the tent still free for a swap?' },
  });
  expect(sent.status()).toBe(201);
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);
  await recordLayoutShifts(page);
  const release = await holdTheApp(page);

  await page.goto(`/messages?user=${friend.id}`, { waitUntil: 'commit' });
  await expectSkeletonAlone(page, 'ns-early-messages');
  // The list-and-chat box (messages-page-layout.ts MESSAGES_BOX_CLASS): a screen tall on a phone.
  const before = await rectOf(page.locator('[data-early-page="ns-early-messages"] .shadow-xs'));
  await snap(page, testInfo, 'messages-early', { fullPage: false }); // the layout shifts are checked below

  release();
  // In the chat (the list's row quotes it too).
  const chat = page.getByRole('region', { name: friend.fullName });
  await expect(chat.getByText('Is the tent still free for a swap?')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ns-early-shell')).toHaveCount(0);
  // The list's parent (a phone hides the list with a conversation open).
  const box = page.locator('#root nav[aria-label="Conversations"]').locator('..');
  expect(await rectOf(box)).toEqual(before);
  expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThanOrEqual(0.05);
  await snap(page, testInfo, 'messages-early-taken-over');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
});

test('/profile paints its skeleton before the app, and the profile card takes its place', async ({
  page,
}, testInfo) => {
  const me = await approvedTraveller(page.request, 'earlyprofile');
  const session = await token(page.request, me.email, PASSWORD);
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);
  await recordLayoutShifts(page);
  const release = await holdTheApp(page);

  await page.goto('/profile', { waitUntil: 'commit' });
  await expectSkeletonAlone(page, 'ns-early-profile');
  // The profile card's colour band (profile-layout.ts PROFILE_BAND_CLASS), the photo's place under it.
  const before = await rectOf(page.locator('[data-early-page="ns-early-profile"] .bg-gradient-to-r'));
  await snap(page, testInfo, 'profile-early', { fullPage: false }); // the layout shifts are checked below

  release();
  await expect(page.getByRole('heading', { level: 1, name: me.fullName })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ns-early-shell')).toHaveCount(0);
  expect(await rectOf(page.locator('#root main .bg-gradient-to-r'))).toEqual(before);
  expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThanOrEqual(0.05);
  await snap(page, testInfo, 'profile-early-taken-over');
});

test('a visitor never sees a signed-in skeleton; a stale token ends on the login prompt', async ({
  page,
}) => {
  const friend = await approvedTraveller(page.request, 'earlynobody');
  await watchFrames(page, '#ns-early-shell');
  await page.goto(`/messages?user=${friend.id}`);
  await expect(page.getByText('Please log in to view messages.')).toBeVisible({ timeout: 30_000 });
  let seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile.')).toBeVisible({ timeout: 30_000 });
  seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);

  // A token the server no longer knows: the skeleton goes and the page asks to log in, as without one.
  await page.evaluate(() => window.localStorage.setItem('authToken', 'no-longer-valid'));
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#ns-early-shell')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
});

test('a user waiting for approval gets the approval notice on /messages, not a chat', async ({ page }) => {
  const friend = await approvedTraveller(page.request, 'earlyawaited');
  const tag = `earlywaiting${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: {
      fullName: 'Waiting Traveller',
      username: tag,
      email: `${tag}@example.com`,
      location: 'Lisbon, Portugal',
      password: PASSWORD,
      bio: 'Waiting for approval.',
      avatar: `data:image/jpeg;base64,${fs.readFileSync(AVATAR).toString('base64')}`,
    },
  });
  expect(registered.status()).toBe(201);
  const session = ((await registered.json()) as { token: string }).token;
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);
  await page.goto(`/messages?user=${friend.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#pending-approval-notice')).toBeVisible();
  await expect(page.locator('#ns-early-shell')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0);
});
