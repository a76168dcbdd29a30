import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { ARTIFACTS } from './support';

const AVATAR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.jpg');
const ADMIN = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Traveller {
  id: string;
  fullName: string;
  token: string;
}

/** Registers a traveller through the API, has the admin approve them, and hands back their token. */
async function approvedTraveller(request: APIRequestContext, name: string): Promise<Traveller> {
  const tag = `${name.toLowerCase()}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const registered = await request.post('/api/auth/register', {
    data: {
      fullName: `${name} Nomad`,
      username: tag,
      email: `${tag}@example.com`,
      location: 'Lisbon, Portugal',
      password: 'swap-and-go-42',
      bio: 'Moving on next week, travelling light.',
      avatar: `data:image/jpeg;base64,${fs.readFileSync(AVATAR).toString('base64')}`,
    },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as {
    token: string;
    user: { id: string; fullName: string };
  };
  const admin = await request.post('/api/auth/login', { data: ADMIN });
  const adminToken = ((await admin.json()) as { token: string }).token;
  const approved = await request.post(`/api/admin/approve-user/${user.id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(approved.status()).toBe(200);
  return { id: user.id, fullName: user.fullName, token };
}

/** A browser of its own for one traveller, signed in through the stored token as the app keeps it. */
async function signedInContext(
  browser: Browser,
  traveller: Traveller,
  phone: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: phone ? PHONE : DESKTOP,
    hasTouch: phone,
  });
  await context.addInitScript((token) => window.localStorage.setItem('authToken', token), traveller.token);
  return context;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(ARTIFACTS, `messages-${name}-${testInfo.project.name}-${width}.png`),
  });
}

function chatLog(page: Page, otherName: string) {
  return page.getByRole('log', { name: `Conversation with ${otherName}` });
}

/*
 * Two travellers in two browsers, one phone-sized and one desktop-sized (which is which flips with the
 * project, so both layouts send and receive): a live conversation, the unread badge, typing, "Seen",
 * completing the swap, a block that stops messages, and the messaging settings on the profile.
 */
test('two travellers chat live, complete a swap, and a block stops messages', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const aIsPhone = testInfo.project.name === 'mobile';
  const ana = await approvedTraveller(request, 'Ana');
  const ben = await approvedTraveller(request, 'Ben');
  const aContext = await signedInContext(browser, ana, aIsPhone);
  const bContext = await signedInContext(browser, ben, !aIsPhone);
  const a = await aContext.newPage();
  const b = await bContext.newPage();

  try {
    // Ben waits on his (empty) Messages page; nothing will reload it.
    await b.goto('/messages');
    await expect(b.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(b.getByText('No conversations yet')).toBeVisible();
    await expect(b.getByText('Meet in public places')).toBeVisible();
    await shot(b, testInfo, 'empty');

    // Ana starts the conversation from ?user= (as item detail's Continue to Message does).
    await a.goto(`/messages?user=${ben.id}`);
    await expect(a.getByRole('heading', { level: 2, name: ben.fullName })).toBeVisible();
    await expect(a.getByText('No messages yet. Say hello!')).toBeVisible();
    const aBox = a.getByRole('textbox', { name: 'Message' });
    await aBox.fill('Hi Ben! Is the tent still available?');
    await aBox.press('Enter');
    await expect(chatLog(a, ben.fullName).getByText('Hi Ben! Is the tent still available?')).toBeVisible();
    await expect(aBox).toHaveValue('');

    // Ben sees it arrive live: the conversation row and the unread badge on Messages.
    const row = b.getByRole('link', { name: new RegExp(ana.fullName) });
    await expect(row).toContainText('Hi Ben! Is the tent still available?');
    await expect(b.locator('[data-testid="unread-badge"]:visible')).toHaveText('1');
    await shot(b, testInfo, 'unread');

    // Ben opens it: Ana sees "Seen", and the badge goes away.
    await row.click();
    await expect(chatLog(b, ana.fullName).getByText('Hi Ben! Is the tent still available?')).toBeVisible();
    await expect(chatLog(a, ben.fullName).getByText('Seen')).toBeVisible();
    await expect(b.locator('[data-testid="unread-badge"]:visible')).toHaveCount(0);
    await expect(a.getByText('Active now')).toBeVisible();
    // Whoever is on the phone sees the chat instead of the list; Back returns to it and the row opens the chat
    // again. The desktop side keeps both on screen. (Which side is the phone flips with the project.)
    const [phone, phoneOther, desktop] = aIsPhone ? [a, ben, b] : [b, ana, a];
    await expect(desktop.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await expect(phone.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    const phoneRow = phone
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(phoneOther.fullName) });
    await expect(phoneRow).toBeVisible();
    await expect(chatLog(phone, phoneOther.fullName)).toHaveCount(0);
    await phoneRow.click();
    await expect(
      chatLog(phone, phoneOther.fullName).getByText('Hi Ben! Is the tent still available?'),
    ).toBeVisible();

    // Ben types: Ana sees the indicator; then his reply arrives live.
    const bBox = b.getByRole('textbox', { name: 'Message' });
    await bBox.pressSequentially('Yes, it is', { delay: 30 });
    await expect(a.getByText(`${ben.fullName} is typing...`)).toBeVisible();
    await bBox.press('Shift+Enter');
    await bBox.pressSequentially('Meet at the market at 5? https://example.com/map');
    await bBox.press('Enter');
    const reply = chatLog(a, ben.fullName).getByText(/Yes, it is/);
    await expect(reply).toBeVisible();
    await expect(a.getByText(`${ben.fullName} is typing...`)).toHaveCount(0);
    await expect(
      chatLog(a, ben.fullName).getByRole('link', { name: 'https://example.com/map' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await shot(a, testInfo, 'chat');
    await shot(b, testInfo, 'chat');

    // Ana's Complete Swap confirms her side only (issue 20): she waits, and Ben is asked live in the chat.
    await a.getByRole('button', { name: 'Complete Swap' }).click();
    const dialog = a.getByRole('alertdialog', { name: `Complete swap with ${ben.fullName}?` });
    await expect(dialog).toBeVisible();
    await shot(a, testInfo, 'complete-swap');
    await dialog.getByRole('button', { name: 'Complete Swap' }).click();
    // (Said in the chat's header and in the toast.)
    await expect(
      a
        .getByRole('status')
        .filter({ hasText: `Waiting for ${ben.fullName} to confirm` })
        .first(),
    ).toBeVisible();
    await expect(
      chatLog(b, ana.fullName).getByRole('article', { name: `${ana.fullName} says you swapped` }),
    ).toBeVisible();

    // Ben blocks Ana: her next message is refused and never reaches him.
    await b.getByRole('button', { name: 'Block' }).click();
    await b
      .getByRole('alertdialog', { name: `Block ${ana.fullName}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await expect(b.getByText(`You blocked ${ana.fullName}. Unblock them to send messages.`)).toBeVisible();
    await expect(b.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

    await a.goto(`/messages?user=${ben.id}`);
    const again = a.getByRole('textbox', { name: 'Message' });
    await again.fill('Are you still there?');
    await again.press('Enter');
    await expect(a.getByText('You cannot message this user').first()).toBeVisible();
    await expect(chatLog(a, ben.fullName).getByText('Not sent')).toBeVisible();
    await expect(chatLog(a, ben.fullName).getByRole('button', { name: 'Retry' })).toBeVisible();
    await shot(a, testInfo, 'blocked-send');
    await shot(b, testInfo, 'blocked');
    // The refusal Ana saw is the sentinel: a message is stored and sent live before its answer, so one refused
    // never reaches Ben. His conversation, read again from the server, does not have it either.
    await expect(chatLog(b, ana.fullName).getByText('Are you still there?')).toHaveCount(0);
    await b.reload();
    await expect(b.getByText(`You blocked ${ana.fullName}. Unblock them to send messages.`)).toBeVisible();
    await expect(chatLog(b, ana.fullName).getByText('Are you still there?')).toHaveCount(0);

    // Ben's messaging settings live on his profile.
    await b.goto('/profile');
    const settings = b.getByRole('region', { name: 'Messaging' });
    const receipts = settings.getByRole('checkbox', { name: 'Read receipts' });
    await expect(receipts).toBeChecked();
    // The e-mail switch for messages lives with the push switches since issue 23.
    const notifications = b.getByRole('region', { name: 'Push and e-mail notifications' });
    await expect(notifications.getByRole('checkbox', { name: 'New messages by E-mail' })).toBeChecked();
    await receipts.click();
    await expect(b.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect(receipts).not.toBeChecked();
    await settings.scrollIntoViewIfNeeded();
    await shot(b, testInfo, 'profile-settings');
  } finally {
    await aContext.close();
    await bContext.close();
  }
});
