import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, PASSWORD, approvedTraveller, snap, token, type Account } from './support';

/*
 * What people type is as long as the limits let it be: a 120-character title with no space to break at, a
 * 100-character name, a message with one endless word. On a 390 px phone and at 1280 px no page may grow sideways
 * because of it: the text wraps or is cut with an ellipsis. (A long title offered in a swap request once widened the
 * whole chat past a phone's screen: the card's grid took the title's width.)
 */

const TITLE_MAX = 120;
const NAME_MAX = 100;
const endless = (seed: string, length: number) =>
  seed.repeat(Math.ceil(length / seed.length)).slice(0, length);

interface Person extends Account {
  token: string;
}

async function person(request: APIRequestContext, name: string): Promise<Person> {
  const account = await approvedTraveller(request, name);
  return { ...account, token: await token(request, account.email, PASSWORD) };
}

async function call(
  request: APIRequestContext,
  who: Person,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const response = await request[method](url, { headers: { Authorization: `Bearer ${who.token}` }, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/**
 * Visible elements that end past the screen's right edge, or are cut by a box that hides what overflows it (a card
 * with rounded corners) without an ellipsis saying so. Boxes that scroll sideways (a row of tabs) may hold more.
 */
function outsideTheScreen(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element, what: string) =>
      `<${element.tagName.toLowerCase()} class="${String(element.className).slice(0, 60)}"> "${(element.textContent ?? '').slice(0, 30)}" ${what}`;
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('svg')) continue;
      let holder: Element | null = element.parentElement;
      while (holder && getComputedStyle(holder).overflowX === 'visible') holder = holder.parentElement;
      if (!holder) {
        if (box.right > width + 1) problems.push(describe(element, 'ends past the screen'));
        continue;
      }
      const held = holder.getBoundingClientRect();
      const style = getComputedStyle(holder);
      // The holder is reported itself; a visually hidden one (sr-only, 1 px) is read by screen readers only.
      if (held.right > width + 1 || held.width <= 1) continue;
      if (/auto|scroll/.test(style.overflowX)) continue;
      const cut = box.right > held.right + 1 || box.left < held.left - 1;
      const ellipsis = style.textOverflow === 'ellipsis';
      if (cut && !ellipsis)
        problems.push(
          describe(
            element,
            `is cut off by <${holder.tagName.toLowerCase()} class="${String(holder.className).slice(0, 60)}">`,
          ),
        );
    }
    return { wide: document.documentElement.scrollWidth, problems: problems.slice(0, 5) };
  });
}

test('titles, names and messages at their longest keep every page inside the screen', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await person(request, 'Long');
  const asker = await person(request, 'Asker');
  const tag = Date.now().toString(36);
  const title = endless(`Ultralightwaterproofhikingbackpack${tag}`, TITLE_MAX);
  const fullName = endless(`Maximiliana-Konstantinopoulou-Wolfeschlegelstein${tag}`, NAME_MAX);
  await call(request, owner, 'put', `/api/users/${owner.id}`, {
    fullName,
    location: 'Lisbon, Portugal',
    bio: `Moving on next week: ${title}`,
  });
  const item = await call(request, owner, 'post', '/api/items', {
    title,
    description: `${title} ${title}`,
    category: 'Travel Gear',
    condition: 'good',
    location: 'Lisbon, Portugal',
  });
  const offered = await call(request, asker, 'post', '/api/items', {
    title: endless(`Foldingcarbontrekkingpoles${tag}`, TITLE_MAX),
    description: 'Used on one trip, in good shape.',
    category: 'Travel Gear',
    condition: 'good',
    location: 'Lisbon, Portugal',
  });
  await call(request, asker, 'post', '/api/exchanges', {
    itemId: item.id,
    message: `Hi! ${title}`,
    offeredItemIds: [offered.id],
  });
  await call(request, asker, 'post', `/api/favorites/${item.id}`, {});
  await call(request, asker, 'post', '/api/reports', {
    type: 'user',
    urgency: 'high',
    subject: title,
    description: `Asked for a deposit before we could meet: ${title}`,
    relatedUser: owner.id,
  });
  const admin = {
    id: 'admin',
    email: ADMIN.email,
    fullName: 'Admin',
    token: await token(request, ADMIN.email, ADMIN.password),
  };

  const pages: { who: Person; url: string; shows: string }[] = [
    { who: asker, url: '/browse', shows: title },
    { who: asker, url: `/item/${item.id}`, shows: title },
    { who: asker, url: '/messages', shows: fullName },
    { who: asker, url: `/messages?user=${owner.id}`, shows: `Hi! ${title}` },
    { who: owner, url: `/messages?user=${asker.id}`, shows: `Hi! ${title}` },
    { who: owner, url: '/profile', shows: fullName },
    { who: owner, url: '/profile?tab=swaps', shows: fullName },
    { who: asker, url: '/profile?tab=favorites', shows: title },
    { who: asker, url: `/user/${owner.id}`, shows: fullName },
    { who: admin, url: '/admin/reports', shows: title },
    { who: admin, url: '/admin/users', shows: fullName },
    { who: admin, url: `/admin/users/${owner.id}`, shows: fullName },
  ];
  const problems: string[] = [];
  let signedInAs: Person | null = null;
  for (const { who, url, shows } of pages) {
    if (who !== signedInAs) {
      await page.goto('/');
      await page.evaluate((value) => window.localStorage.setItem('authToken', value), who.token);
      signedInAs = who;
    }
    await page.goto(url);
    await expect(page.getByText(shows, { exact: true }).first()).toBeAttached({ timeout: 30_000 });
    const { wide, problems: found } = await outsideTheScreen(page);
    const width = page.viewportSize()!.width;
    if (wide > width) problems.push(`${url}: the page is ${wide} px wide on a ${width} px screen`);
    for (const problem of found) problems.push(`${url}: ${problem}`);
  }
  await snap(page, testInfo, 'long-content-admin-user', { fullPage: false });
  expect(problems).toEqual([]);
});
