import fs from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { injectPrerenderedHome } from './prerender-home';
import { renderEarlySkeleton } from './early-skeleton';
import {
  GATE_TEMPLATE,
  prerenderGateScript,
  SESSION_GATE_TEMPLATE,
  sessionGateScript,
  withEarlyPaint,
} from './vite-plugin';
import {
  AUTH_TOKEN_KEY,
  EARLY_ITEM_CLASS,
  EARLY_MESSAGES_CLASS,
  EARLY_PROFILE_CLASS,
  LANGUAGE_STORAGE_KEY,
  PRERENDERED_HOME_ATTRIBUTE,
  PRERENDERED_PAGE_ATTRIBUTE,
  PRERENDERED_PAGE_HYDRATE,
  PRERENDERED_PATH_ATTRIBUTE,
  QUERY_STATE_ID,
  SKIP_PRERENDER_CLASS,
} from '@nomadswap/contracts/early-paint';
import {
  PRERENDERED_SESSION_ATTRIBUTE,
  PRERENDERED_ZONE_ATTRIBUTE,
  RENDER_SESSION_COOKIE,
} from '@nomadswap/contracts/render-session';
import { createQueryClient } from '../lib/query-client';
import { buildItem, buildUser, healthyResponse, mockApi, signInAs } from '../testing/api-mock';
import { takePrerendered } from './prerendered-home';
import { seedQueryCache } from './server-rendered-data';
import { AppProviders } from '../app/providers';
import { preloadHome, preloadItemPage, preloadPage, routes } from '../app/router';

// The web workspace's folder (vitest runs there; jsdom's import.meta.url is not a file URL).
const web = path.resolve(import.meta.dirname, '../..');
// Both as the build writes them (vite-plugin.ts).
const gate = prerenderGateScript(fs.readFileSync(path.join(web, GATE_TEMPLATE), 'utf8'));
const sessionGate = sessionGateScript(fs.readFileSync(path.join(web, SESSION_GATE_TEMPLATE), 'utf8'));
const indexHtml = withEarlyPaint(
  fs.readFileSync(path.join(web, 'index.html'), 'utf8'),
  renderEarlySkeleton(),
);

/** Runs prerender-gate.js as the browser would in index.html's head, at `path`. */
function runGate(path: string) {
  window.history.replaceState(null, '', path);
  document.documentElement.classList.remove(SKIP_PRERENDER_CLASS);
  new Function(gate)();
  return document.documentElement.classList.contains(SKIP_PRERENDER_CLASS);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  document.documentElement.classList.remove(SKIP_PRERENDER_CLASS);
  window.localStorage.clear();
});

describe('the prerender gate (prerender-gate.js)', () => {
  it('keeps the prerendered home for a visitor on /, with or without a query', () => {
    expect(runGate('/')).toBe(false);
    expect(runGate('/?q=tent')).toBe(false);
  });

  it('hides it on every other route (the same index.html answers them all)', () => {
    for (const path of ['/browse', '/item/abc', '/messages', '/auth/login', '/no/such/page'])
      expect(runGate(path), path).toBe(true);
  });

  it('hides it on / when a session is stored (a signed-in home is another page)', () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    expect(runGate('/')).toBe(true);
  });

  it("hides the English markup when the page load starts in another language: chosen, else the browser's", () => {
    const languages = vi.spyOn(window.navigator, 'languages', 'get');
    try {
      languages.mockReturnValue(['en-US']);
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      expect(runGate('/')).toBe(false);
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
      expect(runGate('/')).toBe(true);
      expect(document.documentElement.lang).toBe('de');
      // An unknown stored value counts as no choice: the browser's first language we speak decides.
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
      languages.mockReturnValue(['nl-NL', 'pt-BR', 'en']);
      expect(runGate('/')).toBe(true);
      languages.mockReturnValue(['nl-NL', 'en-GB', 'pt']);
      expect(runGate('/')).toBe(false);
      expect(document.documentElement.lang).toBe('en');
    } finally {
      languages.mockRestore();
    }
  });

  it('keeps a page the gateway rendered on its own path only, and only for a visitor', () => {
    document.documentElement.setAttribute(PRERENDERED_PATH_ATTRIBUTE, '/browse');
    expect(runGate('/browse')).toBe(false);
    expect(runGate('/browse?q=tent&category=Books')).toBe(false);
    for (const path of ['/', '/item/abc', '/browse/x']) expect(runGate(path), path).toBe(true);
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    expect(runGate('/browse')).toBe(true);
  });

  describe("a signed-in user's page the gateway rendered with the session cookie", () => {
    const COOKIE_PATH = '/';
    const setCookie = (value: string | null) => {
      document.cookie =
        value === null
          ? `${RENDER_SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0`
          : `${RENDER_SESSION_COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}`;
    };
    const renderedProfile = () =>
      document.documentElement.setAttribute(PRERENDERED_SESSION_ATTRIBUTE, '/profile');
    /** Both gates, as the gateway's document for the page runs them (session-gate.js right after the gate). */
    const runGates = (path: string) => {
      document.documentElement.classList.remove(EARLY_PROFILE_CLASS);
      runGate(path);
      new Function(sessionGate)();
      return document.documentElement.classList.contains(SKIP_PRERENDER_CLASS);
    };
    /** `/profile` rendered for the stored session, with `markup` inside the page's wrapper in #root. */
    const storedSessionPage = (markup: string, mark = '') => {
      renderedProfile();
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      document.body.innerHTML = `<div id="root"><div ${PRERENDERED_PAGE_ATTRIBUTE}="${mark}">${markup}</div></div>`;
    };
    /** A click on `element`; whether the gate prevented its default (kept it for the app). */
    const tap = (element: Element) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      element.dispatchEvent(event);
      return event.defaultPrevented;
    };
    /** Runs `body` and then removes the document listeners the gates added during it (each run adds its own). */
    async function withGateListeners(body: () => Promise<void> | void) {
      const listeners = vi.spyOn(document, 'addEventListener');
      try {
        await body();
      } finally {
        for (const [type, listener, options] of listeners.mock.calls)
          document.removeEventListener(type, listener as EventListener, options);
        listeners.mockRestore();
        document.body.innerHTML = '';
      }
    }
    afterEach(() => {
      setCookie(null);
      document.documentElement.removeAttribute(PRERENDERED_SESSION_ATTRIBUTE);
      document.documentElement.classList.remove(EARLY_PROFILE_CLASS);
    });

    it('is shown with the stored session the cookie carried, and no early skeleton over it', async () => {
      renderedProfile();
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      await withGateListeners(() => {
        // The gate alone hides it and shows the page's skeleton, as for any signed-in page.
        expect(runGate('/profile')).toBe(true);
        expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(true);
        // The session gate shows it instead.
        expect(runGates('/profile')).toBe(false);
        expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(false);
        expect(runGates('/profile?tab=reviews')).toBe(false);
        expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(false);
      });
    });

    it("gives the last tap on the shown page's controls to the same control of the app's page, once", async () => {
      storedSessionPage(
        '<main><p>Hello</p>' +
          '<div><button type="button">Save</button><button type="button"><span>Edit Profile</span></button>' +
          '<button type="button">Save</button><a href="/browse">Browse</a></div></main>',
      );
      document.body.insertAdjacentHTML('beforeend', '<button type="button" id="outside">Outside</button>');
      await withGateListeners(async () => {
        expect(runGates('/profile')).toBe(false);
        // The markup's controls cannot act: a tap on one is kept (its default prevented), the last one counts.
        expect(tap(document.querySelector('button span')!)).toBe(true);
        expect(tap(document.querySelectorAll('main button')[2]!)).toBe(true);
        // A link navigates without the app; text and controls outside the markup are not its.
        expect(tap(document.querySelector('main a')!)).toBe(false);
        expect(tap(document.querySelector('main p')!)).toBe(false);
        expect(tap(document.getElementById('outside')!)).toBe(false);

        // React's first commit: the same page, with a header the markup did not have before it.
        const root = document.getElementById('root')!;
        root.innerHTML =
          '<header><button type="button" aria-label="Open menu"></button></header><main><div>' +
          '<button type="button">Save</button>' +
          '<button type="button">Edit Profile</button><button type="button">Save</button></div></main>';
        const seen: string[] = [];
        const saves = root.querySelectorAll('main button');
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
          for (const button of root.querySelectorAll('button'))
            button.addEventListener(type, (event) =>
              seen.push(
                `${type}:${[...root.querySelectorAll('button')].indexOf(button)}:${(event as MouseEvent).button}`,
              ),
            );
        // The second Save, pressed and released as a mouse does, once.
        await vi.waitFor(() => expect(seen).toHaveLength(5));
        expect(seen).toEqual([
          'pointerdown:3:0',
          'mousedown:3:0',
          'pointerup:3:0',
          'mouseup:3:0',
          'click:3:0',
        ]);
        expect(document.activeElement).toBe(saves[2]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toHaveLength(5);
        // Now the app's own: nothing is kept any more.
        expect(tap(saves[0]!)).toBe(false);
      });
    });

    it('on a page the app hydrates: keeps no tap while it hydrates, and gives the kept one to the same element at its commit', async () => {
      storedSessionPage(
        '<main><button type="button">Edit Profile</button><button type="button">Add stay</button></main>',
        PRERENDERED_PAGE_HYDRATE,
      );
      await withGateListeners(async () => {
        expect(runGates('/profile')).toBe(false);
        const markup = document.querySelector(`[${PRERENDERED_PAGE_ATTRIBUTE}]`)!;
        const [edit, stay] = document.querySelectorAll('main button');
        // Before the app: kept.
        expect(tap(edit!)).toBe(true);
        const seen: string[] = [];
        for (const button of [edit!, stay!])
          button.addEventListener('click', () => seen.push(button.textContent!));

        // boot.tsx calls hydrateRoot and empties the mark: a tap now is React's (it hydrates what the tap lands on
        // and handles it), not kept — kept as well, it would be given twice. The kept one waits.
        markup.setAttribute(PRERENDERED_PAGE_ATTRIBUTE, '');
        expect(tap(stay!)).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toEqual(['Add stay']);

        // The hydration's commit takes the attribute off; the element stays (React's root now). The same element
        // gets the kept tap, once.
        markup.removeAttribute(PRERENDERED_PAGE_ATTRIBUTE);
        await vi.waitFor(() => expect(seen).toEqual(['Add stay', 'Edit Profile']));
        expect(document.activeElement).toBe(edit);
        expect(markup.isConnected).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toEqual(['Add stay', 'Edit Profile']);
        expect(tap(stay!)).toBe(false);
      });
    });

    it('on a page replaced by the app, an emptied attribute is no sign: taps are kept until the markup goes', async () => {
      storedSessionPage('<main><button type="button">Edit Profile</button></main>');
      await withGateListeners(async () => {
        expect(runGates('/profile')).toBe(false);
        expect(tap(document.querySelector('main button')!)).toBe(true);
      });
    });

    it('tells icon buttons apart by their label', async () => {
      renderedProfile();
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      document.body.innerHTML =
        `<div id="root"><div ${PRERENDERED_PAGE_ATTRIBUTE}><header><button type="button" aria-label="Open menu"></button>` +
        '<button type="button" aria-label="Account menu for Ana"></button></header></div></div>';
      await withGateListeners(async () => {
        expect(runGates('/profile')).toBe(false);
        document
          .querySelector('[aria-label="Account menu for Ana"]')!
          .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        // The app's header has one more icon button before them.
        const root = document.getElementById('root')!;
        root.innerHTML =
          '<header><button type="button" aria-label="Notifications"></button><button type="button" aria-label="Open menu">' +
          '</button><button type="button" aria-label="Account menu for Ana"></button></header>';
        const pressed: string[] = [];
        for (const button of root.querySelectorAll('button'))
          button.addEventListener('pointerdown', () => pressed.push(button.getAttribute('aria-label')!));
        await vi.waitFor(() => expect(pressed).toEqual(['Account menu for Ana']));
      });
    });

    it("waits for the control the app's page renders later, and taps no other", async () => {
      renderedProfile();
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      document.body.innerHTML = `<div id="root"><div ${PRERENDERED_PAGE_ATTRIBUTE}><button type="button">Add stay</button></div></div>`;
      await withGateListeners(async () => {
        expect(runGates('/profile')).toBe(false);
        document.querySelector('button')!.click();
        const root = document.getElementById('root')!;
        root.innerHTML = '<button type="button">Edit stay</button>';
        const clicked = vi.fn();
        root.querySelector('button')!.addEventListener('click', clicked);
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect(clicked).not.toHaveBeenCalled();
        // A control the app renders a moment later (a part it loads) is waited for, and then tapped.
        const late = document.createElement('button');
        late.type = 'button';
        late.textContent = 'Add stay';
        const lateClicked = vi.fn();
        late.addEventListener('click', lateClicked);
        root.append(late);
        await vi.waitFor(() => expect(lateClicked).toHaveBeenCalledTimes(1));
        expect(clicked).not.toHaveBeenCalled();
      });
    });

    /** A `/messages` the gateway rendered for the stored session in `zone` (none: null): whether the gates hide it. */
    const hiddenInZone = (zone: string | null) => {
      document.documentElement.setAttribute(PRERENDERED_SESSION_ATTRIBUTE, '/messages');
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      if (zone === null) document.documentElement.removeAttribute(PRERENDERED_ZONE_ATTRIBUTE);
      else document.documentElement.setAttribute(PRERENDERED_ZONE_ATTRIBUTE, zone);
      return runGates('/messages?user=u2');
    };
    const intlZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const otherZone = intlZone === 'Pacific/Auckland' ? 'America/Bogota' : 'Pacific/Auckland';

    it("is shown only in the time zone it was rendered in (the chat's times are local)", () => {
      try {
        expect(hiddenInZone(intlZone)).toBe(false);
        // Rendered before the phone moved: the page's usual skeleton instead.
        expect(hiddenInZone(otherZone)).toBe(true);
        expect(document.documentElement.classList.contains(EARLY_MESSAGES_CLASS)).toBe(true);
        // A page rendered without a zone (its dates are not local ones) does not ask.
        expect(hiddenInZone(null)).toBe(false);
      } finally {
        document.documentElement.removeAttribute(PRERENDERED_ZONE_ATTRIBUTE);
        document.documentElement.classList.remove(EARLY_MESSAGES_CLASS);
      }
    });

    it("asks Temporal for the zone where the browser has it (Intl's first format costs the first paint)", () => {
      vi.stubGlobal('Temporal', { Now: { timeZoneId: () => otherZone } });
      try {
        expect(hiddenInZone(otherZone)).toBe(false);
        expect(hiddenInZone(intlZone)).toBe(true);
        // A Temporal that throws tells nothing: not the zone it was rendered in.
        vi.stubGlobal('Temporal', {
          Now: {
            timeZoneId: () => {
              throw new RangeError('no zone');
            },
          },
        });
        expect(hiddenInZone(intlZone)).toBe(true);
        expect(hiddenInZone(otherZone)).toBe(true);
      } finally {
        vi.unstubAllGlobals();
        document.documentElement.removeAttribute(PRERENDERED_ZONE_ATTRIBUTE);
        document.documentElement.classList.remove(EARLY_MESSAGES_CLASS);
      }
    });

    it("gives what was typed into the markup's text box to the app's, with the focus and the caret", async () => {
      document.documentElement.setAttribute(PRERENDERED_SESSION_ATTRIBUTE, '/messages');
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      document.body.innerHTML =
        `<div id="root"><div ${PRERENDERED_PAGE_ATTRIBUTE}><form><input type="search" aria-label="Search">` +
        '<textarea aria-label="Message" placeholder="Type your message..."></textarea></form></div></div>';
      /** The app's composer: a React-controlled box (a plain `.value =` would not reach its state). */
      function AppBox({ label }: { label: string }) {
        const [value, setValue] = useState('');
        return (
          <>
            <textarea aria-label={label} value={value} onChange={(event) => setValue(event.target.value)} />
            <output>{`state:${value}`}</output>
          </>
        );
      }
      await withGateListeners(async () => {
        expect(runGates('/messages')).toBe(false);
        const typed = document.querySelector('textarea')!;
        typed.focus();
        typed.value = 'Friday works';
        typed.setSelectionRange(6, 6);
        // React's first commit replaces the markup; the app's box comes a moment later (a part it loads).
        const root = document.getElementById('root')!;
        root.innerHTML = '<input type="search" aria-label="Search">';
        await new Promise((resolve) => setTimeout(resolve, 150));
        const app = document.createElement('div');
        root.append(app);
        render(<AppBox label="Message" />, { container: app });
        await vi.waitFor(() => expect(screen.getByText('state:Friday works')).toBeTruthy());
        const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
        expect(document.activeElement).toBe(box);
        expect([box.selectionStart, box.selectionEnd]).toEqual([6, 6]);
        // The search box had nothing typed and no focus: left as the app renders it.
        expect(root.querySelector('input')!.value).toBe('');
      });
    });

    it('waits 3 s for a late control or text field, no longer: one there at 3,000 ms gets the tap and the text, one after it none', async () => {
      document.documentElement.setAttribute(PRERENDERED_SESSION_ATTRIBUTE, '/messages');
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      setCookie('token-a');
      for (const arrives of [3000, 3001]) {
        document.body.innerHTML =
          `<div id="root"><div ${PRERENDERED_PAGE_ATTRIBUTE}><button type="button">Add stay</button>` +
          '<textarea aria-label="Message"></textarea></div></div>';
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        try {
          await withGateListeners(async () => {
            expect(runGates('/messages')).toBe(false);
            document.querySelector('button')!.click();
            document.querySelector('textarea')!.value = 'Friday works';
            const root = document.getElementById('root')!;
            root.innerHTML = '<p>loading</p>'; // React's first commit, without either yet
            await Promise.resolve(); // the commit's mutation record is delivered
            await vi.advanceTimersByTimeAsync(arrives - 1);
            const late = document.createElement('button');
            late.type = 'button';
            late.textContent = 'Add stay';
            const clicked = vi.fn();
            late.addEventListener('click', clicked);
            const box = document.createElement('textarea');
            box.setAttribute('aria-label', 'Message');
            root.append(late, box);
            await vi.advanceTimersByTimeAsync(1);
            await vi.advanceTimersByTimeAsync(5000);
            expect(clicked, `arriving at ${arrives} ms`).toHaveBeenCalledTimes(arrives <= 3000 ? 1 : 0);
            expect(box.value, `arriving at ${arrives} ms`).toBe(arrives <= 3000 ? 'Friday works' : '');
          });
        } finally {
          vi.useRealTimers();
        }
      }
    });

    it('keeps no tap on a page it hides, nor on a visitor page', () => {
      const listeners = vi.spyOn(document, 'addEventListener');
      try {
        window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
        renderedProfile();
        expect(runGates('/profile')).toBe(true); // no cookie: hidden
        document.documentElement.removeAttribute(PRERENDERED_SESSION_ATTRIBUTE);
        window.localStorage.clear();
        document.documentElement.setAttribute(PRERENDERED_PATH_ATTRIBUTE, '/browse');
        expect(runGate('/browse')).toBe(false);
        expect(listeners.mock.calls.filter(([type]) => type === 'click')).toEqual([]);
      } finally {
        listeners.mockRestore();
      }
    });

    it('is hidden for a visitor, another session, a cookie without a session, another path or language', () => {
      renderedProfile();
      setCookie('token-a');
      // No stored session (signed out in another tab): a visitor is asked to log in there, no skeleton.
      expect(runGates('/profile')).toBe(true);
      expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(false);
      // Another session stored than the one it was rendered for: the skeleton shows instead.
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-b');
      expect(runGates('/profile')).toBe(true);
      expect(document.documentElement.classList.contains(EARLY_PROFILE_CLASS)).toBe(true);
      // No cookie: not the page of this session.
      setCookie(null);
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-a');
      expect(runGates('/profile')).toBe(true);
      // The right session on another path (the service worker answers any route with index.html offline).
      setCookie('token-a');
      expect(runGates('/messages')).toBe(true);
      // A malformed cookie is no session's.
      document.cookie = `${RENDER_SESSION_COOKIE}=%E0%A4%A; Path=${COOKIE_PATH}`;
      expect(runGates('/profile')).toBe(true);
      setCookie('token-a');
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
      expect(runGates('/profile')).toBe(true);
    });
  });

  it("shows index.html's early item skeleton on an item page with a stored session only", () => {
    const early = (path: string) => {
      document.documentElement.classList.remove(EARLY_ITEM_CLASS);
      runGate(path);
      return document.documentElement.classList.contains(EARLY_ITEM_CLASS);
    };
    // A visitor gets "login required" there: never the skeleton.
    expect(early('/item/abc')).toBe(false);
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    expect(early('/item/abc')).toBe(true);
    for (const path of ['/', '/browse', '/item/abc/x', '/edit-item/abc', '/messages'])
      expect(early(path), path).toBe(false);
    document.documentElement.classList.remove(EARLY_ITEM_CLASS);
  });

  describe("chooses the early skeleton's page from the path, the stored session and the language", () => {
    const EARLY = [EARLY_ITEM_CLASS, EARLY_MESSAGES_CLASS, EARLY_PROFILE_CLASS];
    /** The early-page class the gate set at `path`, or null. */
    const chosen = (path: string) => {
      document.documentElement.classList.remove(...EARLY);
      runGate(path);
      const set = EARLY.filter((name) => document.documentElement.classList.contains(name));
      expect(set.length, path).toBeLessThanOrEqual(1);
      return set[0] ?? null;
    };
    afterEach(() => document.documentElement.classList.remove(...EARLY));

    const PATHS: [path: string, page: string | null][] = [
      ['/item/abc', EARLY_ITEM_CLASS],
      ['/messages?user=u1', EARLY_MESSAGES_CLASS],
      ['/messages?item=i1&user=u1', EARLY_MESSAGES_CLASS],
      ['/profile', EARLY_PROFILE_CLASS],
      ['/profile?tab=favorites', EARLY_PROFILE_CLASS],
      // A phone shows the list there, another layout: no skeleton.
      ['/messages', null],
      ['/messages?user=', null],
      ['/messages?item=i1', null],
      ['/messages/x?user=u1', null],
      ['/profile/x', null],
      ['/user/u1', null],
      ['/', null],
      ['/browse', null],
    ];

    it('with a stored session: the page of the path, or none', () => {
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
      for (const [path, page] of PATHS) expect(chosen(path), path).toBe(page);
    });

    it('a visitor (no session, or storage that cannot be read) never gets one: they are asked to log in', () => {
      for (const [path] of PATHS) expect(chosen(path), path).toBeNull();
      const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
        throw new Error('blocked');
      });
      try {
        for (const [path] of PATHS) expect(chosen(path), path).toBeNull();
      } finally {
        blocked.mockRestore();
      }
    });

    it('in every language the same page: the skeleton has no words to hide', () => {
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'token');
      for (const language of ['en', 'es', 'pt', 'fr', 'de']) {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
        for (const [path, page] of PATHS) expect(chosen(`${path}`), `${language} ${path}`).toBe(page);
        expect(document.documentElement.lang).toBe(language);
      }
    });
  });

  it('is a blocking script of the head, and the head hides the marked markup under its class', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/prerender-gate\.js"><\/script>/);
    for (const attribute of [PRERENDERED_HOME_ATTRIBUTE, PRERENDERED_PAGE_ATTRIBUTE])
      expect(head).toMatch(
        new RegExp(`\\.${SKIP_PRERENDER_CLASS} \\[${attribute}\\][^{]*\\{\\s*display:\\s*none`),
      );
  });
});

describe('takePrerendered', () => {
  const container = () => {
    const root = document.createElement('div');
    root.innerHTML = `<div ${PRERENDERED_HOME_ATTRIBUTE}=""><h1 id="hero-title">Hero</h1></div>`;
    return root;
  };

  it('returns the markup when the gate let it show', () => {
    const root = container();
    expect(takePrerendered(root)).not.toBeNull();
    expect(root.querySelector('#hero-title')).not.toBeNull();
  });

  it('removes it when the gate hid it, so nothing of it can appear', () => {
    document.documentElement.classList.add(SKIP_PRERENDER_CLASS);
    const root = container();
    expect(takePrerendered(root)).toBeNull();
    expect(root.innerHTML).toBe('');
  });

  it('returns null when index.html was not prerendered', () => {
    expect(takePrerendered(document.createElement('div'))).toBeNull();
  });

  it('removes a hidden server-rendered page together with its data, which the app then never uses', () => {
    document.documentElement.classList.add(SKIP_PRERENDER_CLASS);
    const root = document.createElement('div');
    root.innerHTML = `<div ${PRERENDERED_PAGE_ATTRIBUTE}=""><h1>Browse Items</h1></div>`;
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = QUERY_STATE_ID;
    data.textContent = '{"mutations":[],"queries":[]}';
    document.body.append(data);
    expect(takePrerendered(root)).toBeNull();
    expect(root.innerHTML).toBe('');
    expect(document.getElementById(QUERY_STATE_ID)).toBeNull();
  });
});

describe('seedQueryCache', () => {
  const block = (text: string) => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = QUERY_STATE_ID;
    data.textContent = text;
    document.body.append(data);
  };

  it("puts the page's dehydrated queries into the cache and removes the data block", () => {
    block(
      JSON.stringify({
        mutations: [],
        queries: [
          {
            queryKey: ['items', 'browse', { q: '', category: '', location: '' }],
            queryHash: '["items","browse",{"category":"","location":"","q":""}]',
            state: {
              data: { pages: [{ items: [], nextCursor: null }], pageParams: [null] },
              status: 'success',
            },
          },
        ],
      }),
    );
    const client = createQueryClient();
    expect(seedQueryCache(client)).toBe(true);
    expect(client.getQueryData(['items', 'browse', { q: '', category: '', location: '' }])).toEqual({
      pages: [{ items: [], nextCursor: null }],
      pageParams: [null],
    });
    expect(document.getElementById(QUERY_STATE_ID)).toBeNull();
  });

  it('ignores unreadable data (the page asks the API as usual)', () => {
    block('{not json');
    const client = createQueryClient();
    expect(seedQueryCache(client)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(seedQueryCache(client)).toBe(false);
  });
});

describe('injectPrerenderedHome (build step)', () => {
  it('puts the markup in #root inside the marked wrapper', () => {
    const html = '<body><div id="root"></div><script type="module" src="/a.js"></script></body>';
    const out = injectPrerenderedHome(html, '<header></header><h1 id="hero-title">Hi $&</h1>');
    expect(out).toBe(
      `<body><div id="root"><div ${PRERENDERED_HOME_ATTRIBUTE}=""><header></header><h1 id="hero-title">Hi $&</h1></div></div><script type="module" src="/a.js"></script></body>`,
    );
  });

  it('refuses a page without the home hero (the app rendered something else)', () => {
    expect(() => injectPrerenderedHome('<div id="root"></div>', '<h1>Error</h1>')).toThrow(/hero/);
  });
});

describe('preloadPage', () => {
  it("once /browse's chunk is loaded, a seeded /browse is the router's first commit: the cards, no skeleton", async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    await preloadPage('/browse');
    const client = createQueryClient();
    client.setQueryData(['items', 'browse', { q: '', category: '', location: '' }], {
      pages: [
        {
          items: [
            {
              id: 'i1',
              title: 'Camping stove',
              description: 'Works',
              category: 'Travel Gear',
              condition: 'good',
              location: 'Lisbon',
              cover: '/api/images/p1/thumb',
              user: null,
            },
          ],
          nextCursor: null,
        },
      ],
      pageParams: [undefined],
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/browse'] });
    act(() => {
      render(
        <AppProviders queryClient={client}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Camping stove' })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    // The first card's photo is the LCP element: fetched at once and first.
    const photo = document.querySelector('img[src="/api/images/p1/thumb"]');
    expect(photo?.getAttribute('fetchpriority')).toBe('high');
    expect(photo?.getAttribute('loading')).toBe('eager');
  });
});

describe('preloadItemPage', () => {
  it("once done, a signed-in user's item page is the router's first commit: the photo, no skeleton", async () => {
    const item = buildItem({
      photos: [{ id: 'p1', state: 'ready', full: '/api/images/p1/full', thumb: '/api/images/p1/thumb' }],
    });
    signInAs(buildUser(), { [`GET /api/items/${item.id}`]: { body: item } });
    const client = createQueryClient();
    await preloadItemPage(client, item.id);
    const router = createMemoryRouter(routes, { initialEntries: [`/item/${item.id}`] });
    act(() => {
      render(
        <AppProviders queryClient={client}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: item.title })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    // The same image as the early skeleton's (early/early-shell.ts), in the same box.
    const photo = document.querySelector('img[src="/api/images/p1/full"]');
    expect(photo?.getAttribute('fetchpriority')).toBe('high');
    expect(photo?.className).toBe('size-full object-contain');
  });
});

describe('preloadHome', () => {
  it("once loaded, the home page is the router's first commit: never the route skeleton", async () => {
    mockApi({ 'GET /api/health': { body: healthyResponse } });
    await preloadHome();
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    // One synchronous commit, no waiting: the hero must be there at once.
    act(() => {
      render(
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(
      screen.getByRole('heading', { level: 1, name: /Welcome to the sharing economy/ }),
    ).toBeInTheDocument();
    // The route skeleton (the shell's Suspense fallback) is the page area's own child.
    expect(document.querySelector('main > [aria-busy="true"]')).toBeNull();
  });
});
