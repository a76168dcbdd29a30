import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFERRED_MODULEPRELOAD_ATTRIBUTE,
  EARLY_GALLERY_ATTRIBUTE,
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PAGE_ATTRIBUTE,
  EARLY_PROFILE_CLASS,
  EARLY_SHELL_ID,
} from '@nomadswap/contracts/early-paint';
import { MemoryRouter } from 'react-router-dom';
import { SafetyBanner } from '../features/messages/components/safety-banner';
import { cn } from '../lib/utils';
import {
  MESSAGES_BOX_CLASS,
  MESSAGES_BOX_OPEN_CLASS,
  MESSAGES_OPEN_HIDDEN_CLASS,
  MESSAGES_PAGE_CLASS,
  SAFETY_BANNER_CLASS,
} from '../features/messages/components/messages-page-layout';
import { UserProfileCard } from '../features/users/components/user-profile-card';
import {
  PROFILE_BAND_CLASS,
  PROFILE_PAGE_CLASS,
  PROFILE_PHOTO_ROW_CLASS,
} from '../features/users/components/profile-layout';
import { buildUser } from '../testing/api-mock';
import {
  PRELOADS_PER_TASK,
  startDeferredPreloads,
  earlyItemId,
  earlyPage,
  itemIdOf,
  paintEarlyPhoto,
  removeEarlyShell,
} from './early-shell';
import { renderEarlySkeleton } from './early-skeleton';
import { withEarlyPaint } from './vite-plugin';
import { ItemGallery } from '../features/items/components/item-gallery';
import { GALLERY_CLASS, GALLERY_PHOTO_CLASS } from '../features/items/components/item-page-layout';
import { buildItem } from '../testing/api-mock';

// The web workspace's folder (vitest runs there; jsdom's import.meta.url is not a file URL).
const web = path.resolve(import.meta.dirname, '../..');
// As the build writes it (vite-plugin.ts).
const indexHtml = withEarlyPaint(
  fs.readFileSync(path.join(web, 'index.html'), 'utf8'),
  renderEarlySkeleton(),
);

/** index.html's body, as the browser parses it (the early skeleton next to #root). */
function loadBody() {
  document.body.innerHTML = indexHtml.slice(indexHtml.indexOf('<body>') + 6, indexHtml.indexOf('</body>'));
}

const EARLY_CLASSES = [EARLY_ITEM_CLASS, EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS];

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.classList.remove(...EARLY_CLASSES);
  vi.unstubAllGlobals();
});

/** The skeleton's frame for the gate's class `page`. */
const frameOf = (page: string) => document.querySelector(`[${EARLY_PAGE_ATTRIBUTE}="${page}"]`);
/** `className` as a selector. */
const selector = (className: string) => `.${className.split(' ').map(CSS.escape).join('.')}`;

describe('index.html', () => {
  it('has the skeleton outside #root, hidden from assistive technology, hidden unless the gate shows it', () => {
    loadBody();
    const shell = document.getElementById(EARLY_SHELL_ID)!;
    expect(shell).not.toBeNull();
    expect(shell.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('root')!.contains(shell)).toBe(false);
    // Nothing in it a screen reader or the keyboard could reach, and no landmark.
    expect(
      shell.querySelectorAll('a, button, input, header, nav, main, footer, [tabindex], [role]'),
    ).toHaveLength(0);
    expect(shell.querySelectorAll(`[${EARLY_GALLERY_ATTRIBUTE}]`)).toHaveLength(1);
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toMatch(new RegExp(`#${EARLY_SHELL_ID}[^{]*\\{\\s*display:\\s*none`));
    expect(head).toMatch(
      new RegExp(`\\.${EARLY_ITEM_CLASS} #${EARLY_SHELL_ID}[^{]*\\{\\s*display:\\s*block`),
    );
  });

  it("has the app's boxes: the gallery's photo box (same box, so the take-over does not shift) and header bar", () => {
    const app = render(<ItemGallery item={buildItem()} />).container;
    const box = app.querySelector(`.${GALLERY_PHOTO_CLASS.split(' ').map(CSS.escape).join('.')}`);
    expect(box?.className).toBe(GALLERY_PHOTO_CLASS);
    expect(box?.parentElement?.className).toBe(GALLERY_CLASS);
    cleanup();
    loadBody();
    const gallery = document.querySelector(`[${EARLY_GALLERY_ATTRIBUTE}]`)!;
    expect(gallery.className).toBe(box?.className);
    expect(gallery.parentElement?.className).toBe(box?.parentElement?.className);
  });
});

describe("index.html's frames of /messages and /profile (issue 25)", () => {
  it('are one each, in the shell, with no words (the same in every language)', () => {
    loadBody();
    const shell = document.getElementById(EARLY_SHELL_ID)!;
    for (const page of EARLY_CLASSES) {
      expect(shell.querySelectorAll(`[${EARLY_PAGE_ATTRIBUTE}="${page}"]`), page).toHaveLength(1);
      expect(frameOf(page)!.textContent, page).toBe('');
    }
    // Only the logo's word mark, the brand's name, is text.
    expect(shell.textContent).toBe('NomadSwap');
  });

  it("/messages' frame is the page's boxes: the page, the safety banner, the list-and-chat box", () => {
    const app = render(
      <MemoryRouter>
        <SafetyBanner className={MESSAGES_OPEN_HIDDEN_CLASS} />
      </MemoryRouter>,
    ).container;
    // A conversation open: the banner as the page shows it (phones leave it out).
    const banner = app.firstElementChild!.className;
    expect(banner).toBe(cn(SAFETY_BANNER_CLASS, MESSAGES_OPEN_HIDDEN_CLASS));
    cleanup();
    loadBody();
    const frame = frameOf(EARLY_MESSAGES_CLASS)!;
    expect(frame.firstElementChild?.className).toBe(MESSAGES_PAGE_CLASS);
    expect(frame.querySelector(selector(banner))).not.toBeNull();
    expect(frame.querySelector(selector(cn(MESSAGES_BOX_CLASS, MESSAGES_BOX_OPEN_CLASS)))).not.toBeNull();
  });

  it("/profile's frame is the page's boxes: the page, the profile card's band and photo row", () => {
    const app = render(
      <MemoryRouter>
        <UserProfileCard user={buildUser()} variant="own" />
      </MemoryRouter>,
    ).container;
    const band = app.querySelector(selector(PROFILE_BAND_CLASS));
    expect(band).not.toBeNull();
    expect(band!.nextElementSibling?.firstElementChild?.className).toBe(PROFILE_PHOTO_ROW_CLASS);
    cleanup();
    loadBody();
    const frame = frameOf(EARLY_PROFILE_CLASS)!;
    expect(frame.firstElementChild?.className).toBe(PROFILE_PAGE_CLASS);
    const early = frame.querySelector(selector(PROFILE_BAND_CLASS));
    expect(early?.nextElementSibling?.firstElementChild?.className).toBe(PROFILE_PHOTO_ROW_CLASS);
  });

  it("shows only the frame of the page the gate chose (the head's style)", () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    for (const page of EARLY_CLASSES) {
      expect(head).toContain(`.${page} #${EARLY_SHELL_ID}`);
      expect(head).toContain(`.${page} [${EARLY_PAGE_ATTRIBUTE}=${page}]`);
    }
    expect(head).toMatch(new RegExp(`\\[${EARLY_PAGE_ATTRIBUTE}\\]\\{display:none\\}`));
  });

  it('is named by earlyPage only when the gate showed it and it is in the document', () => {
    loadBody();
    expect(earlyPage()).toBeNull();
    document.documentElement.classList.add(EARLY_MESSAGES_CLASS);
    expect(earlyPage()).toBe('messages');
    // The item's photo is not for it.
    expect(earlyItemId(document, '/item/abc')).toBeNull();
    document.documentElement.classList.replace(EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS);
    expect(earlyPage()).toBe('profile');
    removeEarlyShell();
    expect(earlyPage()).toBeNull();
    expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(false);
  });
});

describe('itemIdOf', () => {
  it('is the id of /item/:id as the router decodes it, else null', () => {
    expect(itemIdOf('/item/abc')).toBe('abc');
    expect(itemIdOf('/item/a%20b')).toBe('a b');
    expect(itemIdOf('/item/%E0%A4%A')).toBeNull();
    for (const other of ['/', '/item', '/item/', '/item/a/b', '/browse', '/edit-item/abc'])
      expect(itemIdOf(other)).toBeNull();
  });
});

describe('the early skeleton', () => {
  it('names its item only when the gate showed it', () => {
    loadBody();
    expect(earlyItemId(document, '/item/abc')).toBeNull();
    document.documentElement.classList.add(EARLY_ITEM_CLASS);
    expect(earlyItemId(document, '/item/abc')).toBe('abc');
    expect(earlyItemId(document, '/browse')).toBeNull();
    document.body.innerHTML = '';
    expect(earlyItemId(document, '/item/abc')).toBeNull();
  });

  it('gets the photo in its gallery box, and says when it has been painted — not at its load', async () => {
    // The browser's Largest Contentful Paint entries, reported when the test says.
    let report: ((element: Element) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
          report = (element) => callback({ getEntries: () => [{ element }] });
        }
        observe() {}
        disconnect() {}
      },
    );
    loadBody();
    document.documentElement.classList.add(EARLY_ITEM_CLASS);
    let settled = false;
    const painted = paintEarlyPhoto('/api/images/p1/full').then(() => (settled = true));
    const img = document.querySelector<HTMLImageElement>(`[${EARLY_GALLERY_ATTRIBUTE}] img`)!;
    expect(img.getAttribute('src')).toBe('/api/images/p1/full');
    expect(img.alt).toBe('');
    expect(img.className).toBe('size-full object-contain');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    await Promise.resolve();
    expect(settled).toBe(false);
    img.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    report!(document.createElement('h1'));
    await Promise.resolve();
    expect(settled).toBe(false);
    report!(img);
    await painted;
    expect(settled).toBe(true);
  });

  it('says so at once when the photo fails to load (the app is not held back)', async () => {
    loadBody();
    document.documentElement.classList.add(EARLY_ITEM_CLASS);
    const failed = paintEarlyPhoto('/api/images/p1/full');
    document.querySelector(`[${EARLY_GALLERY_ATTRIBUTE}] img`)!.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBeUndefined();
  });

  it('gets no photo when it is not shown (another route, a visitor)', async () => {
    loadBody();
    await paintEarlyPhoto('/api/images/p1/full');
    expect(document.querySelector(`[${EARLY_GALLERY_ATTRIBUTE}] img`)).toBeNull();
  });

  it('is removed, with its class, by the take-over (more than once is fine)', () => {
    loadBody();
    document.documentElement.classList.add(EARLY_ITEM_CLASS);
    removeEarlyShell();
    removeEarlyShell();
    expect(document.getElementById(EARLY_SHELL_ID)).toBeNull();
    expect(document.documentElement.classList.contains(EARLY_ITEM_CLASS)).toBe(false);
    expect(document.getElementById('root')).not.toBeNull();
  });
});

describe('startDeferredPreloads', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });
  const listed = (count: number) =>
    Array.from(
      { length: count },
      (_, n) => `<link ${DEFERRED_MODULEPRELOAD_ATTRIBUTE} crossorigin href="/assets/chunk-${n}.js">`,
    ).join('');
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('crossorigin'),
    ]);

  it("turns the item document's inert chunk links into modulepreload links, once", () => {
    document.head.innerHTML = `<link ${DEFERRED_MODULEPRELOAD_ATTRIBUTE} crossorigin href="/assets/item-1.js"><link ${DEFERRED_MODULEPRELOAD_ATTRIBUTE} crossorigin href="/assets/app-2.js">`;
    startDeferredPreloads();
    startDeferredPreloads();
    expect(preloads()).toEqual([
      ['modulepreload', '/assets/item-1.js', ''],
      ['modulepreload', '/assets/app-2.js', ''],
    ]);
  });

  it('adds PRELOADS_PER_TASK links per task, in the listed order, each once', () => {
    vi.useFakeTimers();
    document.head.innerHTML = listed(PRELOADS_PER_TASK * 2 + 1);
    startDeferredPreloads();
    startDeferredPreloads(); // nothing left to take: no second set
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    vi.advanceTimersToNextTimer();
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK * 2);
    vi.advanceTimersToNextTimer();
    expect(preloads()).toEqual(
      Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, n) => [
        'modulepreload',
        `/assets/chunk-${n}.js`,
        '',
      ]),
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('exactly PRELOADS_PER_TASK links take one task', () => {
    vi.useFakeTimers();
    document.head.innerHTML = listed(PRELOADS_PER_TASK);
    startDeferredPreloads();
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    expect(vi.getTimerCount()).toBe(0);
  });
});
