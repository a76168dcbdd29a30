import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from '@nomadswap/contracts/enums';
import {
  approvedTraveller,
  framesSeen,
  holdTheApp,
  layoutShiftSources,
  layoutShiftTotal,
  logIn,
  PASSWORD,
  recordLayoutShifts,
  snap,
  token,
  watchFrames,
} from './support';

/*
 * A visitor's `/browse` arrives rendered by the gateway (web/src/early/entry-server.tsx, gateway/src/ssr.ts): the cards
 * and their photos paint from the HTML, before any script of the app, and the app takes the page over without a
 * shift and without asking the API again. A signed-in user must never see a frame of that visitor markup.
 * A signed-in `/profile` arrives rendered for the session the render cookie carries (decisions/0096), and only
 * for that session.
 */

interface Card {
  title: string;
  cover: string | null;
}

/** What the items API gives a visitor: the preview the page must show. */
async function visitorCards(page: Page): Promise<Card[]> {
  let cards: Card[] = [];
  // A fresh stack is seeded after its health check answers, while the specs may already run: run first, this spec
  // saw 0, then 3 listings while the page showed 5. The demo catalogue fills the visitor's preview once seeded.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/items');
      expect(response.status()).toBe(200);
      cards = (await response.json()) as Card[];
      return cards.length;
    })
    .toBe(LIMITS.visitorPreviewItems);
  return cards;
}

/** The render cookies of the page's context (the session's copy; with `zone`, the time zone's too): name@path → value. */
const renderCookies = async (page: Page, { zone = false } = {}) =>
  Object.fromEntries(
    (await page.context().cookies())
      .filter((cookie) => cookie.name === 'ns_render' || (zone && cookie.name === 'ns_zone'))
      .map((cookie) => [`${cookie.name}@${cookie.path}`, decodeURIComponent(cookie.value)]),
  );

/** Whether the server-rendered page was on screen, frame by frame (the wrapper is `display: contents`). */
const watchServerRendered = (page: Page) => watchFrames(page, '[data-prerendered-page] h1');

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's /browse paints the listing and its photos from the HTML", async ({ page }, testInfo) => {
    const cards = await visitorCards(page);
    expect(cards.length).toBeGreaterThan(0);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Items' })).toBeVisible();
    await expect(page.getByText('Limited Preview')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(cards.length);
    const articles = page.getByRole('article');
    for (const [index, card] of cards.entries()) {
      const article = articles.nth(index);
      await expect(article.getByRole('heading', { name: card.title })).toBeVisible();
      // A listing without a ready photo shows the default picture (the shared e2e data holds some).
      if (!card.cover) continue;
      const photo = article.locator(`img[src="${card.cover}"]`);
      // The first card's photo is the LCP element: fetched at once and first; the others lazily.
      await expect(photo).toHaveAttribute('loading', index === 0 ? 'eager' : 'lazy');
      if (index === 0) await expect(photo).toHaveAttribute('fetchpriority', 'high');
    }
    const withPhoto = cards.findIndex((card) => card.cover);
    expect(withPhoto).toBeGreaterThanOrEqual(0);
    const photo = articles.nth(withPhoto).locator('img').first();
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveTitle('Browse Items · NomadSwap');
    await snap(page, testInfo, 'ssr-browse-no-js');
  });

  test("/browse's search and category come from the URL", async ({ page }) => {
    const [card] = await visitorCards(page);
    const word = card!.title.split(' ')[0]!;
    await page.goto(`/browse?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('article', { name: card!.title }).first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: /search/i })).toHaveValue(word);

    await page.goto('/browse?q=zzqx-nothing-matches-this');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByText('No items found')).toBeVisible();
  });
});

test("the app takes over a visitor's server-rendered /browse without a shift or a second API call", async ({
  page,
}, testInfo) => {
  const cards = await visitorCards(page);
  await watchServerRendered(page);
  await recordLayoutShifts(page);
  const listingCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/items') listingCalls.push(request.url());
  });

  await page.goto('/browse');
  // React's first commit replaces the markup (the wrapper goes) with the same page.
  await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('article')).toHaveCount(cards.length);
  const seen = await framesSeen(page);
  expect(seen.shown).toBeGreaterThan(0);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  expect(listingCalls).toEqual([]);
  await snap(page, testInfo, 'ssr-browse-taken-over');

  // The app is live: a search is a client-side navigation that asks the API.
  await page.getByRole('searchbox', { name: /search/i }).fill('zzqx-nothing-matches-this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=zzqx-nothing-matches-this/);
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(listingCalls).toHaveLength(1);
});

test('what a visitor types into the rendered /browse before the app arrives is still there after', async ({
  page,
}) => {
  // Hold every script of the app until the visitor has typed (a slow phone).
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/browse', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: /search/i });
  await search.fill('camping');
  await expect(page.locator('[data-prerendered-page]')).toHaveCount(1);
  release();

  await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
  await expect(search).toHaveValue('camping');
  await expect(search).toBeFocused();
  // The app's state has it: Enter searches for it.
  await search.press('Enter');
  await expect(page).toHaveURL(/q=camping/);
});

test("a signed-in user's /browse never shows the visitor markup, not even before the app runs", async ({
  page,
  request,
}) => {
  const traveller = await approvedTraveller(request, 'ssr');
  const session = await token(request, traveller.email, 'swap-and-go-42');
  await page.addInitScript((value) => window.localStorage.setItem('authToken', value), session);

  // No script of the app: the stored session alone hides the markup (the gate is not an app script).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/browse');
  await expect(page.locator('[data-prerendered-page]')).toBeHidden();
  await expect(page.getByText('Limited Preview')).toBeHidden();
  await page.unrouteAll();

  // With the app: not one frame of it, and the signed-in page (no visitor preview notice) comes.
  await watchServerRendered(page);
  await page.goto('/browse');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Limited Preview')).toHaveCount(0);
  const seen = await framesSeen(page);
  expect(seen.frames).toBeGreaterThan(0);
  expect(seen.shown).toBe(0);
});

test.describe("a signed-in user's /profile", () => {
  test('arrives rendered for the session that logged in, is hydrated without a shift or a read, and ends at logout', async ({
    page,
  }, testInfo) => {
    const me = await approvedTraveller(page.request, 'ssrprofile');
    await logIn(page, me.email, PASSWORD);
    const stored = await page.evaluate(() => window.localStorage.getItem('authToken'));
    // The login wrote the cookie with the token, for the two rendered pages' documents only.
    await expect
      .poll(() => renderCookies(page))
      .toEqual({
        'ns_render@/profile': stored,
        'ns_render@/messages': stored,
      });

    await watchServerRendered(page);
    await recordLayoutShifts(page);
    const reads: string[] = [];
    // Counted from /profile's document on (the home the login landed on may still be asking for its own).
    let counting = false;
    page.on('request', (request) => {
      if (!counting) return;
      // The page's first reads (routes/profile-prefetch.ts): who is signed in, their items, reviews, favourites.
      const { pathname, search } = new URL(request.url());
      if (/^\/api\/(auth\/me|items|reviews\/[^/]+|favorites)$/.test(pathname)) reads.push(pathname + search);
    });
    const release = await holdTheApp(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    counting = true;
    // The page itself before any script of the app has run: the user's card, stay and listings; no skeleton.
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: me.fullName })).toBeVisible();
    await expect(page.getByText('Your stay')).toBeVisible();
    await expect(page.getByRole('tab', { name: /My Items/ })).toBeVisible();
    await expect(page.locator('[data-early-page="ns-early-profile"]')).toBeHidden();
    await snap(page, testInfo, 'ssr-profile-before-the-app', { fullPage: false });
    // The server's elements, to compare with the app's page: hydrated, it is made of them.
    const serverHeading = await page.getByRole('heading', { level: 1, name: me.fullName }).elementHandle();
    const serverTab = await page.getByRole('tab', { name: /My Items/ }).elementHandle();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    release();
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: me.fullName })).toBeVisible();
    // React adopted the markup (decision 0100) instead of replacing it, and found nothing to differ (a mismatch is
    // reported as an error, and the page is then built anew).
    expect(await serverHeading!.evaluate((node) => node === document.querySelector('main h1'))).toBe(true);
    expect(await serverTab!.evaluate((node) => node.isConnected)).toBe(true);
    expect(errors).toEqual([]);
    expect((await framesSeen(page)).shown).toBeGreaterThan(0);
    expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThan(0.01);
    // Its data came with the document: the app asked for none of it again.
    expect(reads).toEqual([]);
    // The app is live: the tabs work.
    const reviewsTab = page.getByRole('tab', { name: /^Reviews/ });
    await reviewsTab.click();
    await expect(reviewsTab).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: `Account menu for ${me.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out').first()).toBeVisible();
    await expect.poll(() => renderCookies(page)).toEqual({});
    const after = await page.request.get('/profile');
    expect(await after.text()).not.toContain('data-prerendered-session');
  });

  test('a tap on its controls before the app has taken over is not lost: the app replays it', async ({
    page,
  }) => {
    const me = await approvedTraveller(page.request, 'ssrtap');
    await logIn(page, me.email, PASSWORD);
    const release = await holdTheApp(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    // Nothing can act yet: the markup stays as it was.
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(1);
    await expect(page.getByLabel('Bio')).toHaveCount(0);
    release();
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
    // The app opened the form, once.
    await expect(page.getByLabel('Bio')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  });

  test('read further down before the app, it stays where the reader is when the app takes over', async ({
    page,
  }) => {
    const me = await approvedTraveller(page.request, 'ssrscroll');
    await logIn(page, me.email, PASSWORD);
    const release = await holdTheApp(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    await expect(page.getByRole('tab', { name: /My Items/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    release();
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
    // The section below the fold renders once the page is up, well after the first commit's effects: the app's
    // first page is not a route change, and nothing scrolled it to the top (decision 0100).
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
  });

  test("is never shown to another session than the cookie's, not even for a frame", async ({ page }) => {
    const first = await approvedTraveller(page.request, 'ssrfirst');
    const second = await approvedTraveller(page.request, 'ssrsecond');
    const firstToken = await token(page.request, first.email, PASSWORD);
    const secondToken = await token(page.request, second.email, PASSWORD);
    // The first user's cookie left behind, the second user's session stored (say, storage restored from elsewhere).
    await page
      .context()
      .addCookies([{ name: 'ns_render', value: firstToken, domain: '127.0.0.1', path: '/profile' }]);
    await page.addInitScript((value) => window.localStorage.setItem('authToken', value), secondToken);
    await watchServerRendered(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: second.fullName })).toBeVisible({
      timeout: 30_000,
    });
    const seen = await framesSeen(page);
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.shown).toBe(0);
    await expect(page.getByText(first.fullName)).toHaveCount(0);
  });
});

test.describe("a signed-in user's /messages with a conversation open", () => {
  // Far from the stack's UTC: a clock time rendered in the gateway's zone would read 13 hours off.
  const ZONE = 'Pacific/Auckland';
  test.use({ timezoneId: ZONE });

  /** `pal` writes to `me` through the API (`earlier` messages first); returns the messages as stored (newest last). */
  async function conversation(page: Page, me: { id: string }, pal: { email: string }, earlier = 0) {
    const palToken = await token(page.request, pal.email, PASSWORD);
    const sent: { content: string; createdAt: string }[] = [];
    const lines = Array.from({ length: earlier }, (_, n) => `Earlier message number ${n + 1}`);
    for (const content of [...lines, 'Is the tent still free?', 'I can meet near the station on Friday.']) {
      const response = await page.request.post('/api/messages', {
        headers: { Authorization: `Bearer ${palToken}` },
        data: { receiverId: me.id, content },
      });
      expect(response.status()).toBe(201);
      sent.push((await response.json()) as { content: string; createdAt: string });
    }
    return sent;
  }

  test('arrives rendered in the browser’s time zone, keeps what is typed before the app, and sends it', async ({
    page,
  }, testInfo) => {
    const me = await approvedTraveller(page.request, 'ssrchat');
    const pal = await approvedTraveller(page.request, 'ssrpal');
    // Longer than the screen: the history opens at its newest message, before the app as after it.
    const sent = await conversation(page, me, pal, 14);
    await logIn(page, me.email, PASSWORD);
    const stored = await page.evaluate(() => window.localStorage.getItem('authToken'));
    // The login wrote the session's copy and the browser's zone, for the two rendered pages' documents only.
    await expect
      .poll(() => renderCookies(page, { zone: true }))
      .toEqual({
        'ns_render@/profile': stored,
        'ns_render@/messages': stored,
        'ns_zone@/profile': ZONE,
        'ns_zone@/messages': ZONE,
      });

    await watchServerRendered(page);
    await recordLayoutShifts(page);
    const reads: string[] = [];
    let counting = false;
    page.on('request', (request) => {
      if (!counting || request.method() !== 'GET') return;
      // The page's first reads: the conversations, the thread, its swaps.
      const { pathname, search } = new URL(request.url());
      if (/^\/api\/(conversations|messages|exchanges)$/.test(pathname)) reads.push(pathname + search);
    });
    // What the app's first commit shows, taken as it replaces the markup: the conversation, not a skeleton.
    await page.addInitScript((text) => {
      const seen = window as unknown as { __firstCommit?: string };
      let rendered = false;
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-prerendered-page]')) rendered = true;
        else if (rendered) {
          observer.disconnect();
          const thread = document.querySelector('main [role=log]')?.textContent ?? '';
          seen.__firstCommit = thread.includes(text) ? 'the conversation' : thread || 'no conversation';
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, sent.at(-1)!.content);
    const release = await holdTheApp(page);
    await page.goto(`/messages?user=${pal.id}`, { waitUntil: 'commit' });
    counting = true;
    // The conversation before any script of the app has run: who, the messages, their times in the phone's zone.
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: pal.fullName })).toBeVisible();
    const thread = page.getByRole('log', { name: `Conversation with ${pal.fullName.split(' ')[0]}` });
    const newest = sent.at(-1)!;
    await expect(thread.getByText(newest.content)).toBeInViewport();
    await expect(thread.getByText('Earlier message number 1', { exact: true })).not.toBeInViewport();
    const clock = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: ZONE });
    await expect(thread.getByText(clock.format(new Date(newest.createdAt))).last()).toBeVisible();
    await expect(page.locator('[data-early-page="ns-early-messages"]')).toBeHidden();
    await snap(page, testInfo, 'ssr-messages-before-the-app', { fullPage: false });

    // Typed before the app could take it: the app's box gets the text, the focus and the caret.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Friday works, see you there');
    release();
    await expect(page.locator('[data-prerendered-page]')).toHaveCount(0, { timeout: 30_000 });
    await expect(box).toHaveValue('Friday works, see you there');
    await expect(box).toBeFocused();
    await expect(thread.getByText(newest.content)).toBeInViewport();
    expect((await framesSeen(page)).shown).toBeGreaterThan(0);
    expect(await layoutShiftTotal(page), await layoutShiftSources(page)).toBeLessThan(0.01);
    // Its data came with the document: the app's first commit is the conversation, and nothing is read twice —
    // once only, after its socket's first connect, what that connect may have missed (messages/api/catch-up.ts).
    expect(await page.evaluate(() => (window as unknown as { __firstCommit?: string }).__firstCommit)).toBe(
      'the conversation',
    );
    for (const path of ['/api/conversations', '/api/messages', '/api/exchanges'])
      expect(reads.filter((read) => read.startsWith(`${path}?`) || read === path).length).toBeLessThanOrEqual(
        1,
      );

    // The app's state has the text: Enter sends it.
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const palToken = await token(page.request, pal.email, PASSWORD);
    await expect
      .poll(async () => {
        const thread = await page.request.get(`/api/messages?with=${me.id}`, {
          headers: { Authorization: `Bearer ${palToken}` },
        });
        return ((await thread.json()) as { content: string }[]).map((m) => m.content);
      })
      .toContain('Friday works, see you there');
  });

  test('rendered in another time zone than the phone’s, it is not shown; the next one is', async ({
    page,
  }) => {
    const me = await approvedTraveller(page.request, 'ssrzone');
    const pal = await approvedTraveller(page.request, 'ssrzonepal');
    const [first] = await conversation(page, me, pal);
    await logIn(page, me.email, PASSWORD);
    await expect.poll(() => renderCookies(page, { zone: true })).toMatchObject({ 'ns_zone@/messages': ZONE });
    // The zone written before a flight: the phone is in Auckland now.
    await page
      .context()
      .addCookies([{ name: 'ns_zone', value: 'America/Bogota', domain: '127.0.0.1', path: '/messages' }]);
    await watchServerRendered(page);
    const response = await page.goto(`/messages?user=${pal.id}`);
    expect(await response!.text()).toContain('data-prerendered-zone="America/Bogota"');
    await expect(page.getByRole('log').getByText(first!.content)).toBeVisible({ timeout: 30_000 });
    const seen = await framesSeen(page);
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.shown).toBe(0);
    // The page wrote the phone's zone for the next load, which is rendered in it and shown.
    await expect.poll(() => renderCookies(page, { zone: true })).toMatchObject({ 'ns_zone@/messages': ZONE });
    const next = await page.goto(`/messages?user=${pal.id}`);
    expect(await next!.text()).toContain(`data-prerendered-zone="${ZONE}"`);
    expect((await framesSeen(page)).shown).toBeGreaterThan(0);
  });
});
