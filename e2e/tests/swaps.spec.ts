import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { ARTIFACTS, PASSWORD, approvedTraveller, token, type Account } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Traveller extends Account {
  token: string;
}

async function traveller(request: APIRequestContext, name: string): Promise<Traveller> {
  const account = await approvedTraveller(request, name);
  return { ...account, token: await token(request, account.email, PASSWORD) };
}

const auth = (who: Traveller) => ({ Authorization: `Bearer ${who.token}` });

async function listItem(request: APIRequestContext, owner: Traveller, title: string): Promise<string> {
  const created = await request.post('/api/items', {
    headers: auth(owner),
    data: {
      title,
      description: 'Used on one trip, in good shape.',
      category: 'Travel Gear',
      condition: 'good',
      location: 'Lisbon, Portugal',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A browser of its own for one traveller, signed in through the stored token as the app keeps it. */
async function signedIn(browser: Browser, who: Traveller, phone: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: phone ? PHONE : DESKTOP,
    hasTouch: phone,
    acceptDownloads: true,
  });
  await context.addInitScript((value) => window.localStorage.setItem('authToken', value), who.token);
  return context;
}

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(ARTIFACTS, `swaps-${name}-${testInfo.project.name}-${width}.png`),
    fullPage,
  });
}

/** The page never scrolls sideways (390 px included). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element lies inside the viewport's width: a long title inside it is cut, it does not widen the page's panel. */
async function expectInsideViewportWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

function chat(page: Page, other: Account) {
  return page.getByRole('log', { name: `Conversation with ${other.fullName}` });
}

/** A local `datetime-local` value `days` from now at 15:30. */
function localDateTime(days: number): string {
  const at = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T15:30`;
}

async function review(page: Page, stars: string, comment: string) {
  // The stars are radios drawn as stars: a tap lands on the star (the radio's label).
  const star = page.getByRole('radio', { name: stars });
  await page.locator('label').filter({ has: star }).click();
  await expect(star).toBeChecked();
  await page.getByLabel('Your review').fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted!', { exact: true })).toBeVisible();
  await page.waitForURL('**/profile');
}

/*
 * The handover as two people do it, one on a phone and one on a computer (which is which flips with the
 * project): Ben asks for Ana's tent offering his yoga mat, Ana accepts (the tent shows Reserved), Ben proposes a
 * meetup at a public place, Ana accepts it and saves it to her calendar, both confirm the swap happened, both
 * review, and both reviews appear once both are in.
 */
test('request → accept (reserved) → meetup → both confirm → both review', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const anaIsPhone = testInfo.project.name === 'mobile';
  const ana = await traveller(request, 'Ana');
  const ben = await traveller(request, 'Ben');
  const tag = Date.now().toString(36);
  const tentTitle = `Blue tent ${tag}`;
  const tentId = await listItem(request, ana, tentTitle);
  // A title longer than a phone's row: the offer list must cut it, not scroll sideways.
  const matTitle = `Yoga mat with cork block and carry strap ${tag}`;
  const matId = await listItem(request, ben, matTitle);

  const aContext = await signedIn(browser, ana, anaIsPhone);
  const bContext = await signedIn(browser, ben, !anaIsPhone);
  const a = await aContext.newPage();
  const b = await bContext.newPage();
  try {
    // Ben asks for the tent from its page, offering his mat.
    await b.goto(`/item/${tentId}`);
    await expect(b.getByRole('heading', { level: 1, name: tentTitle })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Message Owner' })).toBeVisible();
    await b.getByRole('button', { name: 'Request this item' }).click();
    const dialog = b.getByRole('dialog', { name: `Request ${tentTitle}` });
    await dialog
      .getByLabel('Message (optional)')
      .fill('Hi Ana! I fly out on Friday and would love the tent.');
    await dialog.getByRole('checkbox', { name: matTitle }).check();
    await expect(dialog.getByText('1 of 3 selected')).toBeVisible();
    const offers = dialog.getByRole('list');
    expect(await offers.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
    await shot(b, testInfo, 'request-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(b.getByText('Request sent', { exact: true })).toBeVisible();
    await expect(b.getByText('You asked for this item')).toBeVisible();
    await expectNoSidewaysScroll(b);
    await shot(b, testInfo, 'item-requested', true);

    // Ana sees the request as a card in their chat, with the mat offered, and accepts it.
    await a.goto(`/messages?user=${ben.id}`);
    const request1 = chat(a, ben).getByRole('article', { name: `${ben.fullName} asked for ${tentTitle}` });
    await expect(request1).toBeVisible();
    await expect(request1.getByText(matTitle)).toBeVisible();
    await expectInsideViewportWidth(a, request1);
    await expectInsideViewportWidth(a, a.getByRole('textbox', { name: 'Message', exact: true }));
    await expect(a.getByText(`${ben.fullName} asked for this: accept or decline`)).toBeVisible();
    // Ben waits in the same chat: every step below reaches him live.
    await b.goto(`/messages?user=${ana.id}`);
    await expect(chat(b, ana).getByRole('article', { name: `You asked for ${tentTitle}` })).toBeVisible();
    await shot(a, testInfo, 'owner-request-card');
    await request1.getByRole('button', { name: 'Accept' }).click();
    await expect(
      chat(a, ben).getByText(`You accepted: ${tentTitle} is reserved for ${ben.fullName}.`),
    ).toBeVisible();
    await expect(
      chat(b, ana).getByText(`${ana.fullName} accepted: ${tentTitle} is reserved for you.`),
    ).toBeVisible();

    // Reserved everywhere: a visitor's browse card, and "Reserved for you" on Ben's.
    const visitorCards = (await (await request.get('/api/items', { params: { q: tag } })).json()) as {
      id: string;
      isReserved: boolean;
    }[];
    expect(visitorCards.find((card) => card.id === tentId)?.isReserved).toBe(true);
    const browse = await bContext.newPage();
    await browse.goto(`/browse?q=${encodeURIComponent(tentTitle)}`);
    const card = browse.getByRole('article', { name: tentTitle });
    await expect(card.getByText('Reserved for you')).toBeVisible();
    await shot(browse, testInfo, 'browse-reserved');
    await browse.close();

    // Ben proposes a meetup at a public place; Ana accepts it and adds it to her calendar.
    await chat(b, ana).getByRole('button', { name: 'Propose meetup' }).click();
    const meetup = b.getByRole('dialog', { name: 'Propose a meetup' });
    await expect(meetup.getByText(/busy public place/)).toBeVisible();
    await meetup.getByLabel('Date and time').fill(localDateTime(2));
    await meetup.getByLabel('Public place').fill('Café A Brasileira, Rua Garrett 120');
    await meetup.getByLabel('Note (optional)').fill('I will wear a red jacket.');
    await shot(b, testInfo, 'meetup-form');
    await meetup.getByRole('button', { name: 'Send proposal' }).click();
    await expect(chat(b, ana).getByText(`Waiting for ${ana.fullName} to accept.`)).toBeVisible();
    const proposal = chat(a, ben).getByRole('article', { name: 'Meetup' });
    await expect(proposal.getByText('Café A Brasileira, Rua Garrett 120')).toBeVisible();
    await shot(a, testInfo, 'meetup-proposed');
    await proposal.getByRole('button', { name: 'Accept' }).click();
    const agreed = chat(a, ben).getByRole('article', { name: 'Meetup agreed' });
    await expect(agreed).toBeVisible();
    await expect(chat(b, ana).getByRole('article', { name: 'Meetup agreed' })).toBeVisible();
    const [download] = await Promise.all([
      a.waitForEvent('download'),
      agreed.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('Rua Garrett');
    await expect(a.getByText(/^Meetup /).first()).toBeVisible();
    await shot(a, testInfo, 'meetup-agreed');
    await shot(b, testInfo, 'meetup-agreed');

    // Both say the swap happened: the first waits for the second, then both see it completed.
    await chat(a, ben).getByRole('button', { name: 'Confirm' }).click();
    await expect(
      chat(a, ben).getByText(`You confirmed. Waiting for ${ben.fullName} to confirm.`),
    ).toBeVisible();
    await expect(
      chat(b, ana).getByText(
        `${ana.fullName} says the swap happened. Confirm it so you can both leave a review.`,
      ),
    ).toBeVisible();
    await shot(b, testInfo, 'confirm-prompt');
    await chat(b, ana).getByRole('button', { name: 'Confirm' }).click();
    await expect(chat(b, ana).getByRole('article', { name: 'Swap completed' })).toBeVisible();
    await expect(chat(a, ben).getByRole('article', { name: 'Swap completed' })).toBeVisible();
    await shot(a, testInfo, 'completed');
    await shot(b, testInfo, 'completed');
    const tent = (await (await request.get(`/api/items/${tentId}`, { headers: auth(ana) })).json()) as {
      isSwapped: boolean;
    };
    expect(tent.isSwapped).toBe(true);

    // Both review; each review appears on the other's profile once both are in.
    await chat(b, ana).getByRole('link', { name: 'Leave a review' }).click();
    await b.waitForURL(`**/review/${ana.id}?exchange=*`);
    await review(b, '5 stars, Excellent', 'Tent exactly as described and Ana was on time.');
    await b.goto('/profile?tab=pending-reviews');
    await chat(a, ben).getByRole('link', { name: 'Leave a review' }).click();
    await a.waitForURL(`**/review/${ben.id}?exchange=*`);
    await review(a, '4 stars, Very Good', 'Friendly handover at the café, and a lovely yoga mat.');

    await a.goto(`/user/${ben.id}`);
    await expect(async () => {
      await a.reload();
      await a.getByRole('tab', { name: /Reviews/ }).click();
      await expect(a.getByText('Friendly handover at the café, and a lovely yoga mat.')).toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    await b.goto(`/user/${ana.id}`);
    await expect(async () => {
      await b.reload();
      await b.getByRole('tab', { name: /Reviews/ }).click();
      await expect(b.getByText('Tent exactly as described and Ana was on time.')).toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    await shot(a, testInfo, 'reviews', true);

    // The Swaps tab lists it as completed.
    await b.goto('/profile?tab=swaps');
    await expect(b.getByRole('region', { name: 'Completed (1)' })).toContainText(tentTitle);
    await expectNoSidewaysScroll(b);
    await shot(b, testInfo, 'swaps-tab', true);
    const mat = (await (await request.get(`/api/items/${matId}`, { headers: auth(ben) })).json()) as {
      isSwapped: boolean;
    };
    expect(mat.isSwapped).toBe(true);
  } finally {
    await aContext.close();
    await bContext.close();
  }
});

/*
 * The attack of issue 20: one person's Complete Swap with the other's item id. It marks nothing swapped and opens
 * no review; the other person is asked, and says it did not happen.
 */
test('one Complete Swap alone swaps nothing and allows no review', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const carl = await traveller(request, 'Carl');
  const dina = await traveller(request, 'Dina');
  const title = `Camera ${Date.now().toString(36)}`;
  const itemId = await listItem(request, dina, title);
  const sent = await request.post('/api/messages', {
    headers: auth(carl),
    data: { receiverId: dina.id, content: 'Is the camera still there?' },
  });
  expect(sent.status()).toBe(201);

  const completed = await request.post('/api/exchanges/complete', {
    headers: auth(carl),
    data: { otherUserId: dina.id, itemId },
  });
  expect(completed.ok()).toBe(true);
  expect(((await completed.json()) as { redirectTo?: string }).redirectTo).toBeUndefined();
  const item = (await (await request.get(`/api/items/${itemId}`, { headers: auth(dina) })).json()) as {
    isSwapped: boolean;
  };
  expect(item.isSwapped).toBe(false);
  const reviewed = await request.post('/api/reviews', {
    headers: auth(carl),
    data: { rating: 1, comment: 'Terrible person, avoid.', revieweeId: dina.id },
  });
  expect(reviewed.status()).toBe(403);
  expect(((await reviewed.json()) as { error: string }).error).toBe(
    'No completed exchange found with this user',
  );

  // Dina is asked in the chat and says it did not happen.
  const context = await signedIn(browser, dina, testInfo.project.name === 'mobile');
  const page = await context.newPage();
  try {
    await page.goto(`/messages?user=${carl.id}`);
    const card = chat(page, carl).getByRole('article', { name: `${carl.fullName} says you swapped` });
    await expect(card).toBeVisible();
    await expect(chat(page, carl).getByRole('button', { name: 'Confirm' })).toBeVisible();
    await shot(page, testInfo, 'attack-prompt');
    await chat(page, carl).getByRole('button', { name: "It didn't happen" }).click();
    await page
      .getByRole('alertdialog', { name: "The swap didn't happen?" })
      .getByRole('button', { name: "It didn't happen" })
      .click();
    await expect(chat(page, carl).getByText("You said the swap didn't happen.")).toBeVisible();
    await expect(
      chat(page, carl).getByRole('article', { name: `${carl.fullName} says you swapped` }),
    ).toBeVisible();
    const after = await request.post('/api/reviews', {
      headers: auth(carl),
      data: { rating: 1, comment: 'Terrible person, avoid.', revieweeId: dina.id },
    });
    expect(after.status()).toBe(403);
    await shot(page, testInfo, 'attack-ended');
  } finally {
    await context.close();
  }
});
