import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@nomadswap/contracts/messages';
import { PASSWORD, approvedTraveller, snap, token } from './support';
import { flattenCatalogue, type CatalogueTree } from '../../web/src/i18n/catalogue-tree';

/*
 * The app in five languages (issue 23), in the browser: switching to Spanish leaves no English text on the main
 * routes, the German texts (the longest) fit a 390 px screen — no route wider than the screen, no button whose text
 * is clipped — and every language's main pages are screenshotted for a person to look at.
 */
const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/i18n');
const readCatalogue = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(I18N, file), 'utf8')) as CatalogueTree;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts a Spanish page must not show: every catalogue text (app, information pages, shared messages)
 * whose Spanish translation differs, as a pattern over a whole text node or attribute ({{name}} matches anything).
 * Texts that read the same in both languages (brand names, "Chat") are not English left behind; nor are texts of
 * fewer than four letters or made of placeholders only.
 */
function englishPatterns(language: string): RegExp[] {
  const english = new Map([
    ...flattenCatalogue({ ...readCatalogue('en.json'), msg: MSG as unknown as CatalogueTree }),
    ...[...flattenCatalogue(readCatalogue('info.en.json'))].map(
      ([key, text]) => [`info:${key}`, text] as const,
    ),
  ]);
  const translated = new Map([
    ...flattenCatalogue(readCatalogue(`${language}.json`)),
    ...[...flattenCatalogue(readCatalogue(`info.${language}.json`))].map(
      ([key, text]) => [`info:${key}`, text] as const,
    ),
  ]);
  const patterns: RegExp[] = [];
  for (const [key, text] of english) {
    if (translated.get(key) === text) continue;
    // Trans components split a text into nodes: each static run between tags and placeholders is checked alone.
    for (const part of text.split(/<\/?\w+\s*\/?>/)) {
      const letters = part.replace(/\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '');
      if (letters.length < 4) continue;
      const source = part
        .trim()
        .split(/\{\{[^}]*\}\}/)
        .map(escapeRegExp)
        .join('.+?');
      patterns.push(new RegExp(`^${source}$`, 'u'));
    }
  }
  return patterns;
}

/** Every visible text node's text and every label-like attribute on the page, trimmed. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility()) continue;
      const text = node.nodeValue?.trim();
      if (text) texts.push(text);
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    ))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    texts.push(document.title);
    return texts;
  });
}

/** The page has rendered past its skeleton: a heading in the main area (every page and state has one). */
async function settled(page: Page) {
  await expect(page.locator('main').locator('h1, h2').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
}

interface Ids {
  userId: string;
  itemId: string;
}

/** An item of the demo data, as a visitor's browse lists it (asked until the list has one). */
async function demoItemId(request: APIRequestContext): Promise<string> {
  let items: { id: string }[] = [];
  await expect
    .poll(
      async () => {
        items = (await (await request.get('/api/items')).json()) as { id: string }[];
        return items.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return items[0]!.id;
}

/** The routes a signed-in traveller uses most, with the other traveller and an item to show. */
const mainRoutes = ({ userId, itemId }: Ids) => [
  '/',
  '/browse',
  `/item/${itemId}`,
  '/messages',
  `/messages?user=${userId}&item=${itemId}`,
  '/profile',
  `/user/${userId}`,
  '/add-item',
  '/contact',
  '/report-issue',
  '/learn-more',
  '/safety-guidelines',
];

/** Signs a new approved traveller in (the stored token), with `language` chosen on this device when given. */
async function signedIn(
  page: Page,
  request: APIRequestContext,
  language?: string,
): Promise<Ids & { meId: string; token: string }> {
  const other = await approvedTraveller(request, 'Olga');
  const me = await approvedTraveller(request, 'Ines');
  const stored = await token(request, me.email, PASSWORD);
  await page.addInitScript(
    ({ t, lng }) => {
      window.localStorage.setItem('authToken', t);
      if (lng && !window.localStorage.getItem('language')) window.localStorage.setItem('language', lng);
    },
    { t: stored, lng: language ?? null },
  );
  return { userId: other.id, itemId: await demoItemId(request), meId: me.id, token: stored };
}

test('switching to Spanish in the footer leaves no English text on the main routes, and the choice stays', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const ids = await signedIn(page, request);
  await page.goto('/');
  await settled(page);
  // The switcher is in the footer, loaded when the footer comes near the screen: where a reader finds it.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const english = englishPatterns('es');
  const found: string[] = [];
  for (const url of mainRoutes(ids)) {
    await page.goto(url);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    for (const text of await pageTexts(page))
      if (english.some((pattern) => pattern.test(text))) found.push(`${url}: "${text}"`);
  }
  expect(found).toEqual([]);
});

test('in German, no main route is wider than the screen and no button text is clipped', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const ids = await signedIn(page, request, 'de');
  const problems: string[] = [];
  for (const url of mainRoutes(ids)) {
    await page.goto(url);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const { wide, screen, clipped } = await page.evaluate(() => {
      const clippedTexts: string[] = [];
      for (const element of Array.from(
        document.querySelectorAll<HTMLElement>(
          'button, [role="button"], [role="tab"], a[class*="inline-flex"], select',
        ),
      )) {
        if (!element.checkVisibility() || element.closest('[aria-hidden="true"]')) continue;
        // Text cut off at the button's edge (overflow hidden or a fixed height it wraps past).
        if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
          clippedTexts.push((element.textContent || element.getAttribute('aria-label') || '').trim());
      }
      return {
        wide: document.documentElement.scrollWidth,
        screen: window.innerWidth,
        clipped: clippedTexts,
      };
    });
    if (wide > screen) problems.push(`${url}: the page is ${wide} px wide on a ${screen} px screen`);
    for (const text of clipped) problems.push(`${url}: the text of "${text}" is clipped`);
  }
  await snap(page, testInfo, 'languages-de-last-route');
  expect(problems).toEqual([]);
});

test('a visitor’s header fits a 360 px phone in every language: mark, Log in, Sign up and the menu on screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const problems: string[] = [];
  for (const language of ['en', 'es', 'pt', 'fr', 'de']) {
    await page.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
    await page.goto('/browse');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link').nth(2)).toBeVisible();
    const { wide, outside } = await page.evaluate(() => ({
      wide: document.documentElement.scrollWidth,
      outside: Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
        .filter((element) => element.checkVisibility())
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        })
        .map((element) => (element.textContent || element.getAttribute('aria-label') || '').trim()),
    }));
    if (wide > 360) problems.push(`${language}: the page is ${wide} px wide`);
    for (const name of outside) problems.push(`${language}: "${name}" is off the screen`);
  }
  expect(problems).toEqual([]);
});

test('screenshots of home, browse, an item, messages and the profile in each language', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const ids = await signedIn(page, request);
  const pages = {
    home: '/',
    browse: '/browse',
    item: `/item/${ids.itemId}`,
    messages: `/messages?user=${ids.userId}&item=${ids.itemId}`,
    profile: '/profile',
  };
  const me = await (
    await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${ids.token}` } })
  ).json();
  for (const language of ['en', 'es', 'pt', 'fr', 'de']) {
    // The profile's language wins on every device: it is what the screenshots follow.
    const saved = await request.put(`/api/users/${ids.meId}`, {
      headers: { Authorization: `Bearer ${ids.token}` },
      data: { fullName: me.fullName, location: me.location, language },
    });
    expect(saved.status()).toBe(200);
    for (const [name, url] of Object.entries(pages)) {
      await page.goto(url);
      await settled(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await snap(page, testInfo, `languages-${language}-${name}`);
    }
  }
});
